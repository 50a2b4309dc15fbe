import { describe, expect, it } from 'vitest';
import {
  isWebcamEligible,
  ONLINE_WINDOW_MS,
  presenceOf,
  showsLanguageBadge,
  similarAgeRange,
  withNeighbour,
  WEBCAM_DELAY_MS,
} from './member-rules';

describe('docs/product.md §9 neighbour countries', () => {
  it.each([
    ['AU', ['AU', 'NZ']],
    ['NZ', ['NZ', 'AU']],
    ['NL', ['NL', 'BE']],
    ['BE', ['BE', 'NL']],
    ['US', ['US', 'CA']],
    ['CA', ['CA', 'US']],
    ['GB', ['GB', 'IE']],
    ['IE', ['IE', 'GB']],
    ['DE', ['DE', 'AT']],
    ['AT', ['AT', 'DE']],
    ['FR', ['FR']],
  ])('%s → %j', (country, expected) => {
    expect(withNeighbour(country)).toEqual(expected);
  });
});

describe('docs/product.md §9 similar results', () => {
  it('widens the age range by 5 years each way within 18–100', () => {
    expect(similarAgeRange(26, 35)).toEqual({ min_age: 21, max_age: 40 });
    expect(similarAgeRange(18, 25)).toEqual({ min_age: 18, max_age: 30 });
    expect(similarAgeRange(66, 100)).toEqual({ min_age: 61, max_age: 100 });
    expect(similarAgeRange(undefined, undefined)).toEqual({});
  });
});

describe('docs/product.md §9 language badge', () => {
  it('shows when the language differs from the locale or for CA, BE, CH, FI', () => {
    expect(showsLanguageBadge({ language: 'nl', country: 'NL' }, 'en')).toBe(true);
    expect(showsLanguageBadge({ language: 'en', country: 'GB' }, 'en')).toBe(false);
    for (const country of ['CA', 'BE', 'CH', 'FI'])
      expect(showsLanguageBadge({ language: 'en', country }, 'en')).toBe(true);
    expect(showsLanguageBadge({ language: 'de', country: null }, 'de')).toBe(false);
  });
});

describe('docs/product.md §6 webcam eligibility', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const base = {
    isLoggedIn: true,
    paidUser: false,
    signupDate: new Date(now - WEBCAM_DELAY_MS - 1).toISOString(),
    now,
    allowsResellCams: true,
    allowsCamads: false,
  };
  it('needs a logged-in, non-paid member signed up more than 4 days ago on a site allowing cams', () => {
    expect(isWebcamEligible(base)).toBe(true);
    expect(isWebcamEligible({ ...base, allowsResellCams: false, allowsCamads: true })).toBe(true);
    expect(isWebcamEligible({ ...base, isLoggedIn: false })).toBe(false);
    expect(isWebcamEligible({ ...base, paidUser: true })).toBe(false);
    expect(isWebcamEligible({ ...base, signupDate: new Date(now - WEBCAM_DELAY_MS).toISOString() })).toBe(false);
    expect(isWebcamEligible({ ...base, allowsResellCams: false, allowsCamads: false })).toBe(false);
    expect(isWebcamEligible({ ...base, signupDate: null })).toBe(false);
  });
});

describe('docs/product.md §3 presence', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const HOUR = 3600_000;
  it.each([
    [0, 'online'],
    [ONLINE_WINDOW_MS - 1, 'online'],
    [ONLINE_WINDOW_MS, 'today'],
    [24 * HOUR - 1, 'today'],
    [24 * HOUR, 'this_week'],
    [7 * 24 * HOUR - 1, 'this_week'],
    [7 * 24 * HOUR, 'longer'],
    [400 * 24 * HOUR, 'longer'],
  ])('active %i ms ago → %s', (ms, presence) => {
    expect(presenceOf(ago(ms), now)).toBe(presence);
  });
});
