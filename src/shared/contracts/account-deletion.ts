import { z } from 'zod';
import { defineContract, noParams } from './define';
import { textField } from './fields';
import * as routes from './routes';
import { DELETE_REASONS, type DeleteReason } from './values';

export { DELETE_REASONS, type DeleteReason };

/** The one-time "stay" discount as the member's account sees it. */
export const deleteOfferStateSchema = z.object({
  /** Percent the offer would give (the site's `delete_discount`) while it was never shown; else null. */
  offer_percent: z.number().int().positive().max(100).nullable(),
  /** Percent off the next purchase the member accepted to stay (kept for the payments), else null. */
  accepted_percent: z.number().int().positive().max(100).nullable(),
});
export type DeleteOfferState = z.infer<typeof deleteOfferStateSchema>;

/** `GET /api/account.php`: the state of the deletion discount offer. */
export const deleteOfferStateContract = defineContract({
  ...routes.deleteOfferState,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: deleteOfferStateSchema,
  errors: ['not_logged_in'],
});

/**
 * `POST /api/account.php?delete_offer=show`: the member is about to delete; shows the offer
 * once. Answers its percent the first time (and records that it was shown), null ever after
 * or when the site has no `delete_discount`.
 */
export const showDeleteOfferContract = defineContract({
  ...routes.showDeleteOffer,
  auth: 'member',
  query: z.strictObject({ delete_offer: z.literal('show') }),
  body: z.undefined(),
  response: z.object({ percent: z.number().int().positive().max(100).nullable() }),
  errors: ['not_logged_in'],
});

/**
 * `POST /api/account.php?delete_offer=accept`: the member stays and takes the offer shown to
 * them; `not_found` when no offer was shown or it was already accepted.
 */
export const acceptDeleteOfferContract = defineContract({
  ...routes.acceptDeleteOffer,
  auth: 'member',
  query: z.strictObject({ delete_offer: z.literal('accept') }),
  body: z.undefined(),
  response: z.object({ percent: z.number().int().positive().max(100) }),
  errors: ['not_logged_in', 'not_found'],
});

/**
 * `DELETE /api/account.php` {password, reason?}: deletes the member's account for good and
 * ends every session (the cookie is cleared). A wrong password is a `password` field issue
 * (rate limited like the login); nothing is deleted then.
 */
export const deleteAccountContract = defineContract({
  ...routes.deleteAccount,
  auth: 'member',
  query: noParams,
  body: z.strictObject({
    password: textField().min(1, { error: 'validation.required' }).max(1024),
    reason: z.enum(DELETE_REASONS).optional(),
  }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ['not_logged_in', 'validation_failed', 'rate_limited'],
});
