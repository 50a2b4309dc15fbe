import { describe, expect, it } from 'vitest';
import { defaultSupportEmail, siteConfigSchema } from './site-config';
import { accessFor } from './visitor-access';

const lovelane = siteConfigSchema.parse({
  package_name: 'lovelane',
  hosts: ['lovelane.test'],
  name: 'Lovelane',
  niche: 6,
  template: 'lavish',
  domain_language: 'nl',
  signups: 'with_trafficsource',
  logged_out_search: 'none',
  logged_out_search_trafficsource: 'all',
  countries: ['NL'],
  minimum_message_costs: { default: { costs: 1, currency: 'EUR' } },
  fictional_icon: false,
  visible_profile_fields: [],
  visible_profile_notes: false,
  search_fields: [],
  cdn_prefix: '/media',
  member_resell: false,
  company: {
    name: 'X',
    address: 'A',
    kvk: '1',
    city: 'C',
    country: 'NL',
    tradenames: ['X'],
    vat_numbers: ['NL000000001B01'],
    support_phone: '+31 1',
    delete_discount: 0,
  },
});

describe('visitor access (one rule for pages and API)', () => {
  it('opens signups and search on a traffic-source site only with a source; members always search', () => {
    expect(accessFor(lovelane, false, null)).toEqual({ canSignUp: false, canSearch: false });
    expect(accessFor(lovelane, false, 'b')).toEqual({ canSignUp: true, canSearch: true });
    expect(accessFor(lovelane, true, null)).toEqual({ canSignUp: false, canSearch: true });
    expect(accessFor({ ...lovelane, signups: 'all', logged_out_search: 'all' }, false, null)).toEqual({
      canSignUp: true,
      canSearch: true,
    });
    expect(accessFor({ ...lovelane, signups: 'none' }, false, 'b').canSignUp).toBe(false);
  });

  it('gives a site without support_email support@ its domain', () => {
    expect(lovelane.company.support_email).toBe('support@lovelane.test');
    expect(defaultSupportEmail(['localhost', '127.0.0.1', 'www.amora.test'], 'amora')).toBe('support@amora.test');
    expect(defaultSupportEmail(['localhost'], 'amora')).toBe('support@amora.test');
  });
});
