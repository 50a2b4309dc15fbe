import { describe, expect, it } from 'vitest';
import { birthYearChoices, checkDateOfBirth, cityRule } from './profile-rules';

const today = new Date('2026-11-21T12:00:00Z');

describe('docs/product.md §5 date of birth', () => {
  it('accepts a real date of someone 18 or older', () => {
    expect(checkDateOfBirth('2008-11-21', today)).toBeNull();
    expect(checkDateOfBirth('1990-02-28', today)).toBeNull();
  });
  it.each(['2008-11-22', '1990-02-30', '1990-00-10', '1990-05-00', '0000-01-01', '1990-5-1', 'abc', '1900-01-01'])(
    'refuses %s with profile.date_of_birth_error',
    (value) => {
      expect(checkDateOfBirth(value, today)).toBe('profile.date_of_birth_error');
    },
  );
  it('offers years from now−18 down to now−100', () => {
    const years = birthYearChoices(today);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1926);
    expect(years).toHaveLength(83);
  });
});

describe('docs/product.md §5 city', () => {
  it('allows at most 255 characters', () => {
    expect(cityRule.safeParse('x'.repeat(255)).success).toBe(true);
    expect(cityRule.safeParse('x'.repeat(256)).error?.issues[0]?.message).toBe('validation.max_length');
  });
});
