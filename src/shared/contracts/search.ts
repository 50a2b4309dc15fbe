import { z } from 'zod';
import { GENDERS, MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '../constants';
import { defineContract, idParam, queryFlag } from './define';
import { textField } from './fields';
import { publicProfileSchema } from './profile';
import * as routes from './routes';

const age = z.coerce.number({ error: 'validation.integer' }).int().min(MIN_AGE).max(MAX_AGE);

/** docs/product.md §3 Search filters. */
export const searchFiltersSchema = z.object({
  gender: z.enum(GENDERS).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
    .optional(),
  countryregion: textField().max(16).optional(),
  min_age: age.optional(),
  max_age: age.optional(),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** Every query parameter of `GET /api/search.php` (docs/product.md §7); unknown ones are refused. */
export const searchQuerySchema = z
  .strictObject({
    ...searchFiltersSchema.shape,
    /** Which list asks (`SEARCH_SOURCES` of src/shared/search-url.ts: `members`, `similar`); no effect on the answer. */
    source: textField().max(64).optional(),
    pp: z.coerce.number().int().min(1).max(48).default(SEARCH_PAGE_SIZE),
    auto_load: queryFlag.optional(),
    /** Leave out members with a photo flagged explicit by the screening (docs/product.md §7, §13 Screening). */
    hideNudity: queryFlag.optional(),
    /** Every country, not only the site's (no visitor-country preset either); a country filter still applies. */
    searchAllCountries: queryFlag.optional(),
    /** The visitor's traffic source (docs/product.md §5 logged-out search), as a page URL's `trafficsource`. */
    trafficsource: textField().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    /** docs/product.md §2: the page of similar results (widened search) instead of the main results. */
    similarpage: z.coerce.number().int().min(1).max(10_000).optional(),
    manual_search: queryFlag.optional(),
    do_not_save: queryFlag.optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    error: 'search.min_age_above_max_age',
    path: ['min_age'],
  })
  .refine((q) => q.countryregion === undefined || q.country !== undefined, {
    error: 'search.region_needs_country',
    path: ['countryregion'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** docs/product.md §3 Search response. */
export const searchResponseSchema = z.object({
  profiles: z.array(publicProfileSchema),
  paging: z.object({
    num_results: z.number().int(),
    page: z.number().int(),
    pp: z.number().int(),
    num_pages: z.number().int(),
  }),
  filter_options: searchFiltersSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const searchContract = defineContract({
  ...routes.search,
  auth: 'visitor',
  query: searchQuerySchema,
  body: z.undefined(),
  response: searchResponseSchema,
  errors: ['validation_failed', 'unknown_parameter', 'search_not_allowed'],
});

/** `GET /api/profile.php?id=` (not in the spec's table): one member's public profile. */
export const profileContract = defineContract({
  ...routes.profile,
  auth: 'visitor',
  query: z.strictObject({ id: idParam }),
  body: z.undefined(),
  response: z.object({ profile: publicProfileSchema }),
  errors: ['validation_failed', 'not_found'],
});
