import { z } from 'zod';
import { defineContract, noParams, profileRefBody } from './define';
import { publicProfileSchema } from './profile';
import * as routes from './routes';

/**
 * One like (docs/product.md §3 Likes response): `like_new` is true until the liked member
 * opens the liker's profile; `did_like_profile` says whether the viewer likes
 * that profile too (mutual when both are true on a received like).
 */
export const likeSchema = z.object({
  id: z.number().int(),
  profile: publicProfileSchema,
  like_new: z.boolean(),
  did_like_profile: z.boolean(),
  created_at: z.string(),
});
export type Like = z.infer<typeof likeSchema>;

/** `GET /api/likes.php` → `profiles` (the members I liked) and `liked_by` (likes I received), newest first. */
export const likesContract = defineContract({
  ...routes.likes,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ profiles: z.array(likeSchema), liked_by: z.array(likeSchema) }),
  errors: ['not_logged_in'],
});

/** `POST /api/likes.php` {profile}: like (idempotent); 403 `blocked` within a blocked pair (docs/product.md §6). */
export const likeContract = defineContract({
  ...routes.like,
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ like: z.object({ id: z.number().int(), profile: z.number().int() }) }),
  errors: ['not_logged_in', 'not_found', 'validation_failed', 'blocked'],
});

/** `DELETE /api/likes.php` {profile}: unlike (idempotent). */
export const unlikeContract = defineContract({
  ...routes.unlike,
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ unliked: z.boolean() }),
  errors: ['not_logged_in', 'validation_failed'],
});
