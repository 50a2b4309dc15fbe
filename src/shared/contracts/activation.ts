import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';

/** `GET /api/activate.php` (docs/product.md §7), polled every 900 ms on step 6 → docs/product.md §3 Activation response. */
export const activationContract = defineContract({
  ...routes.activation,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ delivered: z.boolean() }),
  errors: ['not_logged_in'],
});

/**
 * `POST /api/activate.php?resend=1`: the activate-reminder's "send the link again" (docs/product.md
 * §2): a new activation mail now, at most once a minute and 5 times a day (`rate_limited`).
 */
export const resendActivationContract = defineContract({
  ...routes.resendActivation,
  auth: 'member',
  query: z.strictObject({ resend: z.literal('1') }),
  body: z.undefined(),
  response: z.object({ status: z.enum(['sent', 'already_confirmed']) }),
  errors: ['not_logged_in', 'rate_limited'],
});
