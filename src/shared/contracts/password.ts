import { z } from 'zod';
import { emailRule, passwordRule } from '../rules/signup-rules';
import { defineContract } from './define';
import { textField } from './fields';
import { userSchema } from './profile';
import * as routes from './routes';

/**
 * Passwords (docs/product.md §10 Password and password reset), all on `POST /api/password.php`,
 * picked by `?action=`.
 */

/**
 * `?action=change`: the logged-in member changes the password. A wrong current password is a
 * `validation_failed` with an issue on `currentPassword` (`password.current_wrong`). On success
 * every other session of the member ends; `endedSessions` says how many.
 */
export const changePasswordContract = defineContract({
  ...routes.changePassword,
  auth: 'member',
  query: z.strictObject({ action: z.literal('change') }),
  body: z.strictObject({
    currentPassword: textField().min(1, { error: 'validation.required' }).max(1024),
    newPassword: passwordRule,
  }),
  response: z.object({ endedSessions: z.number().int().nonnegative() }),
  rateLimit: { name: 'passwordChange', per: 'member' },
  errors: ['not_logged_in', 'validation_failed', 'rate_limited'],
});

/**
 * `?action=request-reset`: mails a reset link when an account exists for the address on this
 * site. The answer is the same `{ sent: true }` either way.
 */
export const requestPasswordResetContract = defineContract({
  ...routes.requestPasswordReset,
  auth: 'visitor',
  query: z.strictObject({ action: z.literal('request-reset') }),
  body: z.strictObject({ email: emailRule }),
  response: z.object({ sent: z.literal(true) }),
  errors: ['validation_failed', 'rate_limited'],
});

/**
 * `?action=reset`: uses the link's token (once) to set a new password; every session of the
 * account ends and this device is logged in (the User comes back, the cookie is set).
 */
export const resetPasswordContract = defineContract({
  ...routes.resetPassword,
  auth: 'visitor',
  query: z.strictObject({ action: z.literal('reset') }),
  body: z.strictObject({ token: textField().min(1).max(128), newPassword: passwordRule }),
  response: z.object({ user: userSchema }),
  errors: [
    'validation_failed',
    'invalid_token',
    'expired_token',
    'rate_limited',
    'account_suspended',
    'account_banned',
  ],
});
