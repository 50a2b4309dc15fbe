import { z } from 'zod';
import {
  LOGGED_OUT_SEARCH_MODES,
  SIGNUP_MODES,
  TEMPLATES,
  companySchema,
} from '../../shared/contracts/settings';
import { LOCALES } from '../../shared/locales';

/**
 * The content of one `config/sites/*.json` file: a white-label site and its
 * settings (SPEC §3 Settings). Selected per request by `package-name`,
 * `original-host` or Host (see resolve-site.ts).
 */
export const siteConfigSchema = z.strictObject({
  package_name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'lowercase letters, digits, . _ -' }),
  hosts: z.array(z.string().min(1)).min(1),
  is_default: z.boolean().default(false),
  name: z.string().min(1),
  niche: z.number().int().min(1).max(7),
  template: z.enum(TEMPLATES),
  domain_language: z.enum(LOCALES),
  signups: z.enum(SIGNUP_MODES),
  logged_out_search: z.enum(LOGGED_OUT_SEARCH_MODES),
  logged_out_search_trafficsource: z.enum(LOGGED_OUT_SEARCH_MODES),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int().min(0), currency: z.string().length(3) })),
  fictional_icon: z.boolean(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  cdn_prefix: z.string(),
  member_resell: z.boolean(),
  features: z
    .strictObject({
      webcam_cards: z.boolean().default(false),
      similar_results: z.boolean().default(true),
      match_finder_link: z.boolean().default(false),
    })
    .default({ webcam_cards: false, similar_results: true, match_finder_link: false }),
  company: companySchema,
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
