import { z } from 'zod';
import { GENDERS, MAX_AGE, MIN_AGE } from '../constants';
import { defineContract } from './define';
import * as routes from './routes';
import { CAM_CARD_POSITIONS } from './values';

export { CAM_CARD_POSITIONS };

/** A partner account name: safe in a URL path or query. */
export const camAccountSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'xcams.invalid_account' });

/**
 * One webcam performer of the partner feed (docs/product.md §6 webcam cards). `image` is a
 * ready URL (the site's cdn_prefix already applied for the demo feed).
 */
export const camSchema = z.object({
  account: camAccountSchema,
  name: z.string().min(1).max(80),
  age: z.number().int().min(MIN_AGE).max(99).nullable(),
  gender: z.enum(GENDERS).nullable(),
  image: z.string().min(1).max(2048),
  live: z.boolean(),
  viewers: z.number().int().min(0).nullable(),
});
export type Cam = z.infer<typeof camSchema>;

const age = z.coerce.number({ error: 'validation.integer' }).int().min(MIN_AGE).max(MAX_AGE);

/** `GET /api/xcams/search.php` (docs/product.md §7): cams matching the search's gender and ages. */
export const xcamsSearchContract = defineContract({
  ...routes.xcamsSearch,
  auth: 'member',
  query: z.strictObject({ gender: z.enum(GENDERS).optional(), min_age: age.optional(), max_age: age.optional() }),
  body: z.undefined(),
  response: z.object({ cams: z.array(camSchema) }),
  errors: ['not_logged_in', 'webcams_not_available', 'validation_failed'],
});

/** Query of `GET /api/xcams/redirect.php?account=` (a navigation in a new window, not a fetch). */
export const xcamsRedirectQuerySchema = z.strictObject({ account: camAccountSchema });

/** Query of `GET /api/resellpartner.php?flow=profile-search&redirect=1`. */
export const resellRedirectQuerySchema = z.strictObject({
  flow: z.enum(['profile-search']),
  redirect: z.literal('1'),
});
