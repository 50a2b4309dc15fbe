import { describe, expect, it } from 'vitest';
import { defaultCountryOf, searchDefaultCountry, visitorCountry } from './visitor-country';

// Public addresses whose country the shipped database knows (lookups only, no traffic is sent):
// a German news site, a Dutch provider's resolver, a US public resolver and a German host's IPv6 block.
const GERMAN_V4 = '193.99.144.80';
const DUTCH_V4 = '194.109.6.66';
const US_V4 = '8.8.8.8';
const US_V6 = '2001:4860:4860::8888';
const GERMAN_V6 = '2a01:4f8::1';

const site = { countries: ['NL', 'BE', 'DE'], search_fields: ['gender', 'age', 'country'] };

describe('defaultCountryOf (docs/product.md §3 Settings)', () => {
  it('is the first of the site countries', () => {
    expect(defaultCountryOf(site)).toBe('NL');
    expect(defaultCountryOf({ countries: ['DE', 'AT', 'CH'] })).toBe('DE');
  });
});

describe('visitorCountry (docs/product.md §3 Settings geoip fields)', () => {
  it('looks up public IPv4 and IPv6 addresses the site serves', () => {
    expect(visitorCountry(site, GERMAN_V4)).toEqual({ country: 'DE', selected: 'DE', located: true });
    expect(visitorCountry(site, DUTCH_V4)).toEqual({ country: 'NL', selected: 'NL', located: true });
    expect(visitorCountry(site, GERMAN_V6)).toEqual({ country: 'DE', selected: 'DE', located: true });
  });

  it('keeps a country the site does not serve as geoip_country and selects the default', () => {
    expect(visitorCountry(site, US_V4)).toEqual({ country: 'US', selected: 'NL', located: false });
    expect(visitorCountry(site, US_V6)).toEqual({ country: 'US', selected: 'NL', located: false });
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address it carries', () => {
    expect(visitorCountry(site, `::ffff:${GERMAN_V4}`)).toEqual({ country: 'DE', selected: 'DE', located: true });
    expect(visitorCountry(site, '::ffff:127.0.0.1')).toEqual({ country: 'NL', selected: 'NL', located: false });
    expect(visitorCountry(site, '::ffff:192.168.1.20').located).toBe(false);
  });

  it('gives the default country for loopback, private and special addresses', () => {
    const fallback = { country: 'NL', selected: 'NL', located: false };
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.10',
      '172.16.5.4',
      '100.64.0.1',
      '169.254.1.1',
      'fd00::1',
      'fe80::1',
      '0.0.0.0',
      '203.0.113.7',
    ]) {
      expect(visitorCountry(site, address), address).toEqual(fallback);
    }
  });

  it('gives the default country for garbage and missing addresses', () => {
    const fallback = { country: 'NL', selected: 'NL', located: false };
    for (const address of ['unknown', '', 'not an ip', '999.1.1.1', '1.2.3', '85.214.132.117:443', null, undefined]) {
      expect(visitorCountry(site, address), String(address)).toEqual(fallback);
    }
  });
});

describe('searchDefaultCountry (docs/product.md §2 Search)', () => {
  it('is the located country when the site searches by country', () => {
    expect(searchDefaultCountry(site, GERMAN_V4)).toBe('DE');
  });

  it('is null for unknown, foreign or private visitors and when country is no search field', () => {
    expect(searchDefaultCountry(site, '127.0.0.1')).toBeNull();
    expect(searchDefaultCountry(site, '10.0.0.8')).toBeNull();
    expect(searchDefaultCountry(site, US_V4)).toBeNull();
    expect(searchDefaultCountry({ ...site, search_fields: ['gender', 'age'] }, GERMAN_V4)).toBeNull();
  });
});
