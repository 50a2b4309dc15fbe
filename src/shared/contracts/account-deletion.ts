import { z } from 'zod';
import { defineContract, noParams } from './define';
import { textField } from './fields';

/**
 * docs/product.md §10 account deletion: the optional reasons a member may give (a fixed
 * list; no free text is asked for or stored).
 */
export const DELETE_REASONS = ['found_someone', 'not_enough_members', 'too_many_messages', 'privacy', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

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
  method: 'GET',
  path: '/api/account.php',
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
  method: 'POST',
  path: '/api/account.php',
  auth: 'member',
  selector: { delete_offer: 'show' },
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
  method: 'POST',
  path: '/api/account.php',
  auth: 'member',
  selector: { delete_offer: 'accept' },
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
  method: 'DELETE',
  path: '/api/account.php',
  auth: 'member',
  query: noParams,
  body: z.strictObject({
    password: textField().min(1, { error: 'validation.required' }).max(1024),
    reason: z.enum(DELETE_REASONS).optional(),
  }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ['not_logged_in', 'validation_failed', 'rate_limited'],
});
