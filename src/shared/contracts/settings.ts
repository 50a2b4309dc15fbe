import { z } from 'zod';
import { LOCALES } from '../locales';
import { defineContract, noParams } from './define';
import * as routes from './routes';
import { TEMPLATES, type Template } from './values';

export { TEMPLATES, type Template };

export const SIGNUP_MODES = ['all', 'with_trafficsource', 'none'] as const;
export const LOGGED_OUT_SEARCH_MODES = ['all', 'none'] as const;

/** docs/product.md §3 Settings: company fields shown on static pages and in the footer. */
export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** Customer support address; a site file without one gets support@ its domain. */
  support_email: z.email().optional(),
  delete_discount: z.number().int().min(0).max(100),
});

/** docs/product.md §3 Settings as sent to the browser by `GET /api/settings.php`. */
export const publicSettingsSchema = z.object({
  package_name: z.string(),
  name: z.string(),
  template: z.enum(TEMPLATES),
  niche: z.number().int().min(1).max(7),
  domain_language: z.enum(LOCALES),
  signups: z.enum(SIGNUP_MODES),
  logged_out_search: z.enum(LOGGED_OUT_SEARCH_MODES),
  logged_out_search_trafficsource: z.enum(LOGGED_OUT_SEARCH_MODES),
  countries: z.array(z.string()),
  region_data: z.record(z.string(), z.array(z.object({ id: z.string(), name: z.string() }))),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int(), currency: z.string() })),
  /** The visitor's country by IP address, or the site's default country when it cannot be told. */
  geoip_country: z.string(),
  /** `geoip_country` when the site serves it, else the site's default country (one of `countries`). */
  geoip_selected_country: z.string(),
  push_pub: z.string().nullable(),
  fictional_icon: z.boolean(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  cdn_prefix: z.string(),
  member_resell: z.boolean(),
  company: companySchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsContract = defineContract({
  ...routes.settings,
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: publicSettingsSchema,
  errors: [],
});
