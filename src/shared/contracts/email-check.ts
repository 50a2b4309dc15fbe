import { z } from 'zod';
import { defineContract } from './define';
import { textField } from './fields';
import * as routes from './routes';

export const EMAIL_CHECK_STATUSES = ['new', 'active', 'not_confirmed', 'deleted', 'invalid'] as const;
export type EmailCheckStatus = (typeof EMAIL_CHECK_STATUSES)[number];

/** docs/product.md §3 E-mail validation response; `token` (status new only) goes into the signup payload. */
export const emailCheckResponseSchema = z.object({
  status: z.enum(EMAIL_CHECK_STATUSES),
  token: z.string().nullable(),
  email: z.string(),
  request_email: z.string(),
});
export type EmailCheckResponse = z.infer<typeof emailCheckResponseSchema>;

/** `GET /api/validate_email.php?email=` (docs/product.md §7). */
export const emailCheckContract = defineContract({
  ...routes.emailCheck,
  auth: 'visitor',
  query: z.strictObject({ email: textField().max(320) }),
  body: z.undefined(),
  response: emailCheckResponseSchema,
  rateLimit: { name: 'emailCheck', per: 'address' },
  errors: ['validation_failed', 'rate_limited'],
});
