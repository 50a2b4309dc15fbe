import { describe, expect, it } from 'vitest';
import { trackingFromSearchParams, withTracking } from './tracking-params';

describe('docs/product.md §3 tracking record from a lander URL', () => {
  it('reads network, ref, sub1–3 and a click id (with its usual aliases), ignoring other parameters', () => {
    expect(trackingFromSearchParams(new URLSearchParams('network=abc&ref=r&sub1=x&sub2=y&sub3=z&transaction_id=t9&utm_source=q'))).toEqual({ network: 'abc', ref: 'r', sub1: 'x', sub2: 'y', sub3: 'z', clickid: 't9' });
    expect(trackingFromSearchParams(new URLSearchParams('trafficsource=net'))).toEqual({ network: 'net' });
  });
  it('is null without tracking values, trims and cuts long values to 200 characters', () => {
    expect(trackingFromSearchParams(new URLSearchParams('page=2&network=%20%20'))).toBeNull();
    expect(trackingFromSearchParams(new URLSearchParams(`sub1=${'a'.repeat(500)}`))?.sub1).toHaveLength(200);
  });
  it('puts the record on a CTA link, keeping its own parameters', () => {
    expect(withTracking('/signup?seeking=female', { network: 'abc', sub1: 'x y' })).toBe('/signup?seeking=female&network=abc&sub1=x+y');
    expect(withTracking('/signup', null)).toBe('/signup');
  });
});
