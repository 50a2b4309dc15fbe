import { describe, expect, it } from 'vitest';
import {
  parseTrackingCookie,
  trackingCookieValue,
  trackingFromSearchParams,
  trafficSourceOf,
  withTracking,
} from './tracking';

describe('docs/product.md §3 tracking record from a lander URL', () => {
  it('reads network, ref, sub1–3 and a click id (with its usual aliases), ignoring other parameters', () => {
    expect(
      trackingFromSearchParams(
        new URLSearchParams('network=abc&ref=r&sub1=x&sub2=y&sub3=z&transaction_id=t9&utm_source=q'),
      ),
    ).toEqual({ network: 'abc', ref: 'r', sub1: 'x', sub2: 'y', sub3: 'z', clickid: 't9' });
    expect(trackingFromSearchParams(new URLSearchParams('trafficsource=net'))).toEqual({ network: 'net' });
  });
  it('is null without tracking values, trims and cuts long values to 200 characters', () => {
    expect(trackingFromSearchParams(new URLSearchParams('page=2&network=%20%20'))).toBeNull();
    expect(trackingFromSearchParams(new URLSearchParams(`sub1=${'a'.repeat(500)}`))?.sub1).toHaveLength(200);
  });
  it('puts the record on a CTA link, keeping its own parameters', () => {
    expect(withTracking('/signup?seeking=female', { network: 'abc', sub1: 'x y' })).toBe(
      '/signup?seeking=female&network=abc&sub1=x+y',
    );
    expect(withTracking('/signup', null)).toBe('/signup');
  });
});

describe('docs/product.md §3 tracking record in the cookie', () => {
  it('reads back what was stored', () => {
    const record = { network: 'abc', sub1: 'x', clickid: 'c1' };
    expect(parseTrackingCookie(trackingCookieValue(record))).toEqual(record);
  });
  it('keeps only the record fields that are strings of 1–200 characters, trimmed', () => {
    expect(
      parseTrackingCookie(
        JSON.stringify({ network: ' n ', ref: 7, sub1: '  ', sub2: 'b'.repeat(201), sub3: 'c'.repeat(200), utm: 'x' }),
      ),
    ).toEqual({ network: 'n', sub3: 'c'.repeat(200) });
  });
  it('is null when absent, malformed, no object or without any field', () => {
    for (const raw of [undefined, '', 'oops', '"abc"', 'null', '[1]', '{}', '{"utm":"x"}'])
      expect(parseTrackingCookie(raw)).toBeNull();
  });
});

describe('docs/product.md §5 traffic source of a visitor', () => {
  it("takes the URL's network first, then the stored record's", () => {
    expect(trafficSourceOf({ network: 'a' }, { network: 'b' })).toBe('a');
    expect(trafficSourceOf({ sub1: 's' }, { network: 'b' })).toBe('b');
    expect(trafficSourceOf(null, { sub1: 's' })).toBeNull();
    expect(trafficSourceOf(null, null)).toBeNull();
  });
});
