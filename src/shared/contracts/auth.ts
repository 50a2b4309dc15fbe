import { z } from 'zod';
import { LOCALES } from '../locales';
import { emailRule, nameRule, passwordRule } from '../rules/signup-rules';
import { defineContract, noParams } from './define';
import { idField, textField } from './fields';
import { userSchema } from './profile';
import * as routes from './routes';

/**
 * docs/product.md §3 Signup payload, accepted by `POST /api/user.php?new=1` (docs/product.md §7).
 * `csrf` is the client-made hash, `token` comes from the e-mail check, `n` is the user agent.
 */
export const signupPayloadSchema = z.strictObject({
  email: emailRule,
  name: nameRule,
  password: passwordRule,
  trafficsource: textField().max(100).nullable().default(null),
  timezone: textField().max(64).default('UTC'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
    .nullable()
    .default(null),
  language: z.enum(LOCALES),
  profile: idField.nullable().default(null),
  form_path: textField().max(2048).default('/signup'),
  /**
   * The signup page's query string (`?network=…&sub1=…`): its tracking record reaches the account
   * without any cookie, as it must for a visitor who did not consent (docs/product.md §3 Consent).
   */
  query: textField().max(2048).default(''),
  referrer: textField().max(2048).default(''),
  csrf: textField().max(256).default(''),
  token: textField().max(512).nullable().default(null),
  n: textField().max(1024).default(''),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;
export type SignupPayloadInput = z.input<typeof signupPayloadSchema>;

export const signupContract = defineContract({
  ...routes.signup,
  auth: 'visitor',
  query: z.strictObject({ new: z.literal('1') }),
  body: signupPayloadSchema,
  response: z.object({ user: userSchema }),
  rateLimit: { name: 'signup', per: 'address' },
  errors: ['validation_failed', 'account_exists', 'signups_closed', 'rate_limited'],
});

/** `POST /api/login.php` (not in the spec's table): e-mail + password → the User. */
export const loginContract = defineContract({
  ...routes.login,
  auth: 'visitor',
  query: noParams,
  body: z.strictObject({
    email: emailRule,
    password: textField().min(1, { error: 'validation.required' }).max(1024),
  }),
  response: z.object({ user: userSchema }),
  errors: ['validation_failed', 'invalid_credentials', 'rate_limited', 'account_suspended', 'account_banned'],
});

/** `GET /api/logout.php` → 'done' (docs/product.md §7). */
export const logoutContract = defineContract({
  ...routes.logout,
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: z.literal('done'),
  errors: [],
});

/** `GET /api/user.php` → the User of docs/product.md §3; 403 when not logged in. */
export const userContract = defineContract({
  ...routes.user,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: userSchema,
  errors: ['not_logged_in'],
});
