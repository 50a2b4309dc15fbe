import { describe, expect, it } from 'vitest';
import { ageOn, birthDateRange } from './age';

const today = new Date('2026-11-21T12:00:00Z');

describe('ageOn', () => {
  it('counts whole years, birthday included', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn(null, today)).toBeNull();
  });
});

describe('birthDateRange', () => {
  it('is inclusive on both ages', () => {
    const range = birthDateRange(today, 26, 35);
    expect(range.bornOnOrBefore).toBe('2000-11-21');
    expect(ageOn(range.bornOnOrBefore!, today)).toBe(26);
    expect(range.bornOnOrAfter).toBe('1990-11-22');
    expect(ageOn(range.bornOnOrAfter!, today)).toBe(35);
    expect(ageOn('1990-11-21', today)).toBe(36);
  });
});
