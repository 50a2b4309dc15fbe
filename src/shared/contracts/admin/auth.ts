import { z } from 'zod';
import { textField } from '../fields';
import { noParams } from '../define';
import { defineAdminContract } from './define';
import { OPERATOR_ROLES, SECTION_ROLES } from './roles';

/** Operator log-in, enrolment, setup and the current operator (docs/product.md §13 Access). */

const email = textField()
  .trim()
  .toLowerCase()
  .min(3)
  .max(254)
  .pipe(z.email({ error: 'validation.email' }));

/** `POST /admin/api/login` {email, password}: step 1; the second factor is due next. */
export const adminLoginContract = defineAdminContract({
  name: 'adminLogin',
  method: 'POST',
  path: '/admin/api/login',
  roles: 'anyone',
  query: noParams,
  body: z.strictObject({ email, password: textField().min(1).max(200) }),
  response: z.object({
    enrolment: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }).nullable(),
  }),
  errors: ['invalid_credentials', 'rate_limited', 'validation_failed'],
});

/** `POST /admin/api/second-factor` {code} or {recoveryCode}: step 2 (enrols at the first log-in). */
export const adminSecondFactorContract = defineAdminContract({
  name: 'adminSecondFactor',
  method: 'POST',
  path: '/admin/api/second-factor',
  roles: 'anyone',
  query: noParams,
  body: z.union([
    z.strictObject({
      code: textField()
        .trim()
        .regex(/^\d{6}$/, { error: 'admin.code_format' }),
    }),
    z.strictObject({ recoveryCode: textField().trim().min(10).max(20) }),
  ]),
  response: z.object({ recoveryCodes: z.array(z.string()).nullable() }),
  errors: ['not_logged_in', 'invalid_code', 'rate_limited', 'validation_failed'],
});

/** `POST /admin/api/logout`: ends the operator session. */
export const adminLogoutContract = defineAdminContract({
  name: 'adminLogout',
  method: 'POST',
  path: '/admin/api/logout',
  roles: 'anyone',
  query: noParams,
  body: noParams.optional(),
  response: z.object({ done: z.literal(true) }),
  errors: [],
});

/** `POST /admin/api/setup` {token, password}: sets the password through the one-time setup link. */
export const adminSetupContract = defineAdminContract({
  name: 'adminSetup',
  method: 'POST',
  path: '/admin/api/setup',
  roles: 'anyone',
  query: noParams,
  body: z.strictObject({ token: textField().min(20).max(100), password: textField().min(1).max(200) }),
  response: z.object({ email: z.string() }),
  errors: ['invalid_token', 'expired_token', 'validation_failed'],
});

/** `GET /admin/api/me`: the logged-in operator and the sections the role may open. */
export const adminMeContract = defineAdminContract({
  name: 'adminMe',
  method: 'GET',
  path: '/admin/api/me',
  roles: OPERATOR_ROLES,
  query: noParams,
  body: noParams.optional(),
  response: z.object({
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    sections: z.array(z.enum(Object.keys(SECTION_ROLES) as [keyof typeof SECTION_ROLES])),
  }),
  errors: ['not_logged_in'],
});
