import { z } from 'zod';
import { emailRule } from '../rules/signup-rules';
import { defineContract } from './define';
import { textField } from './fields';
import * as routes from './routes';

/**
 * Changing the account's e-mail address (docs/product.md §10 E-mail change), all on
 * `/api/mailchange.php`, picked by `?action=`. The new address counts only once its
 * confirmation link is opened; the old address gets a notice with an undo link.
 */

/** A link token as it arrives from a mail link (checked for real by the server). */
const linkToken = textField().min(1).max(128);

/** The member's address and the change waiting for confirmation, if any. */
export const emailChangeStatusSchema = z.object({
  /** The address in force: login and mails use it. */
  email: z.string(),
  /** The requested new address and when its confirmation link expires (ISO 8601), or null. */
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;

/** `GET ?action=status`: the member's current address and pending change. */
export const emailChangeStatusContract = defineContract({
  ...routes.emailChangeStatus,
  auth: 'member',
  query: z.strictObject({ action: z.literal('status') }),
  body: z.undefined(),
  response: emailChangeStatusSchema,
  errors: ['not_logged_in'],
});

/**
 * `POST ?action=request`: asks to use `email` from now on, proven by the current `password`.
 * A wrong password or the address already in use by this account is a `validation_failed`
 * with an issue on `password` / `email`; an address of another (or a deleted) account on the
 * site is `account_exists`. Mails the confirmation link to the new address and a notice with
 * an undo link to the old one; answers the new status.
 */
export const requestEmailChangeContract = defineContract({
  ...routes.requestEmailChange,
  auth: 'member',
  query: z.strictObject({ action: z.literal('request') }),
  body: z.strictObject({
    email: emailRule,
    password: textField().min(1, { error: 'validation.required' }).max(1024),
  }),
  response: emailChangeStatusSchema,
  rateLimit: { name: 'emailChange', per: 'member' },
  errors: ['not_logged_in', 'validation_failed', 'account_exists', 'rate_limited'],
});

/** `POST ?action=resend`: a new confirmation link to the pending address (`not_found` when none). */
export const resendEmailChangeContract = defineContract({
  ...routes.resendEmailChange,
  auth: 'member',
  query: z.strictObject({ action: z.literal('resend') }),
  body: z.undefined(),
  response: emailChangeStatusSchema,
  rateLimit: { name: 'emailChangeResend', per: 'member' },
  errors: ['not_logged_in', 'not_found', 'rate_limited'],
});

/** `POST ?action=cancel`: drops the pending change (its link stops working); fine when none. */
export const cancelEmailChangeContract = defineContract({
  ...routes.cancelEmailChange,
  auth: 'member',
  query: z.strictObject({ action: z.literal('cancel') }),
  body: z.undefined(),
  response: emailChangeStatusSchema,
  errors: ['not_logged_in'],
});

/**
 * `POST ?action=confirm`: the confirmation link's token (once) makes its address the
 * account's. `account_exists` when another account took the address meanwhile.
 */
export const confirmEmailChangeContract = defineContract({
  ...routes.confirmEmailChange,
  auth: 'visitor',
  query: z.strictObject({ action: z.literal('confirm') }),
  body: z.strictObject({ token: linkToken }),
  response: z.object({ email: z.string() }),
  rateLimit: { name: 'emailChangeLink', per: 'address' },
  errors: ['validation_failed', 'invalid_token', 'expired_token', 'account_exists', 'rate_limited'],
});

/** `GET ?action=undo&token=…`: checks an undo link without using it; answers the address it restores. */
export const checkEmailChangeUndoContract = defineContract({
  ...routes.checkEmailChangeUndo,
  auth: 'visitor',
  query: z.strictObject({ action: z.literal('undo'), token: linkToken }),
  body: z.undefined(),
  response: z.object({ email: z.string() }),
  errors: ['validation_failed', 'invalid_token', 'expired_token'],
});

/**
 * `POST ?action=undo`: the undo link's token (once, no login needed) restores the old address
 * (cancelling a pending change or reverting a confirmed one) and ends every session of the
 * account. `account_exists` when another account has taken the old address since.
 */
export const undoEmailChangeContract = defineContract({
  ...routes.undoEmailChange,
  auth: 'visitor',
  query: z.strictObject({ action: z.literal('undo') }),
  body: z.strictObject({ token: linkToken }),
  response: z.object({ email: z.string(), endedSessions: z.number().int().nonnegative() }),
  rateLimit: { name: 'emailChangeLink', per: 'address' },
  errors: ['validation_failed', 'invalid_token', 'expired_token', 'account_exists', 'rate_limited'],
});
