import { z } from 'zod';
import { publicSettingsSchema } from '~/shared/contracts/settings';
import { paymentsConfigSchema } from '~/shared/payments-config';
import { affiliatesConfigSchema } from './affiliates-config';
import { countryCodeSchema, siteCodeIssues } from './site-codes';

const filled = z.string().trim().min(1, { error: 'must not be empty' });

/**
 * docs/product.md §3 Settings `company`: the legal entity shown on the static pages and in the
 * footer. Every field is required and non-empty; an unknown (misspelled) field is refused.
 */
const siteCompanySchema = z.strictObject({
  name: filled,
  address: filled,
  kvk: filled,
  city: filled,
  country: countryCodeSchema,
  tradenames: z.array(filled).min(1),
  vat_numbers: z.array(filled).min(1),
  support_phone: filled,
  /** Customer support address; a site file without one gets support@ its domain. */
  support_email: z.email().optional(),
  delete_discount: z.number().int().min(0).max(100),
});

/**
 * The content of one `config/sites/*.json` file: a white-label site and its
 * settings (docs/product.md §3 Settings). Selected per request by `package-name`,
 * `original-host` or Host (see resolve-site.ts).
 */
export const siteConfigSchema = publicSettingsSchema
  .pick({
    name: true,
    niche: true,
    template: true,
    domain_language: true,
    signups: true,
    logged_out_search: true,
    logged_out_search_trafficsource: true,
    minimum_message_costs: true,
    fictional_icon: true,
    visible_profile_fields: true,
    visible_profile_notes: true,
    search_fields: true,
    cdn_prefix: true,
    member_resell: true,
  })
  .extend({
    package_name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'lowercase letters, digits, . _ -' }),
    hosts: z.array(z.string().min(1)).min(1),
    /**
     * docs/product.md §3: the site's public origin for the app (`https://www.amora.example`, a
     * non-default port allowed), the base of every absolute URL the server writes (mail links,
     * payment redirect and webhook URLs, setup and unsubscribe links). Kept as an origin (scheme,
     * host, port; no path). Its host must be one of `hosts`. Absent: see siteOrigin().
     */
    public_url: z
      .url({ protocol: /^https?$/ })
      .transform((value) => new URL(value).origin)
      .optional(),
    /**
     * docs/product.md §3: the origin a CDN serves this site's landers from
     * (`https://lp.amora.example`); absent: the landers are served by the app on `public_url`.
     */
    landers_url: z
      .url({ protocol: /^https?$/ })
      .transform((value) => new URL(value).origin)
      .optional(),
    company: siteCompanySchema,
    is_default: z.boolean().default(false),
    name: z.string().min(1),
    countries: z.array(z.string()).min(1),
    /** Free credits a new member receives, so a first conversation works before any purchase. */
    welcome_credits: z.number().int().min(0).max(10_000).default(0),
    /** What the site sells and how it is paid (docs/product.md §11); absent: nothing can be bought. */
    payments: paymentsConfigSchema.optional(),
    /** Postbacks to affiliate networks and lander experiments (docs/product.md §12). */
    affiliates: affiliatesConfigSchema.default({ networks: {}, experiments: [] }),
    /** Message pushes may carry a short text preview (off: only the sender's name). */
    push_message_preview: z.boolean().default(false),
    /**
     * docs/product.md §13 Photo review: a member's new photo shows to others before an operator
     * approved it (true), or only once approved (false). A rejected photo never shows.
     */
    photos_before_approval: z.boolean().default(true),
    /**
     * docs/product.md §3 Consent: visitors choose (accept / decline) before any non-essential cookie
     * or storage entry is written; off: the tracking record and drafts are kept as if accepted.
     */
    consent_required: z.boolean().default(false),
    features: z
      .strictObject({
        /** Camads: live webcam cards in the search grid (docs/product.md §6). */
        camads: z.boolean().default(false),
        similar_results: z.boolean().default(true),
        match_finder_link: z.boolean().default(false),
      })
      .default({ camads: false, similar_results: true, match_finder_link: false }),
    /** Partner targets of the webcam cards; `{account}`, `{flow}` and `{site}` are filled in. */
    partner_links: z
      .strictObject({
        cam_room: z.url({ protocol: /^https?$/ }).optional(),
        resell: z.url({ protocol: /^https?$/ }).optional(),
      })
      .optional(),
  })
  .strict()
  .superRefine((site, check) => {
    for (const issue of siteCodeIssues(site)) check.addIssue({ code: 'custom', ...issue });
  })
  .transform((site) => ({
    ...site,
    company: {
      ...site.company,
      support_email: site.company.support_email ?? defaultSupportEmail(site.hosts, site.package_name),
    },
  }));

/** `support@` the site's first real domain (no `www.`, no localhost or IP address), else `support@{package_name}.test`. */
export function defaultSupportEmail(hosts: string[], packageName: string): string {
  const domain = hosts
    .map((host) => host.toLowerCase().replace(/^www\./, ''))
    .find((host) => host.includes('.') && !/^[\d.:[\]]+$/.test(host));
  return `support@${domain ?? `${packageName}.test`}`;
}

export type SiteConfig = z.infer<typeof siteConfigSchema>;
