import { z } from 'zod';
import { idParam, textField } from '../fields';
import { noParams } from '../define';
import { defineAdminContract } from './define';
import { OPERATOR_ROLES } from './roles';

/** The audit log and operator accounts (docs/product.md §13 Audit log, Access); admins only. */

const isoDate = z.iso.datetime({ offset: true });

/** One audit log entry as the console shows it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  operatorEmail: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  reportId: z.number().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** `GET /admin/api/audit`: entries newest first, filtered; `before` pages back. */
export const adminAuditContract = defineAdminContract({
  name: 'adminAudit',
  method: 'GET',
  path: '/admin/api/audit',
  roles: ['admin'],
  query: z.strictObject({
    operator: textField().trim().toLowerCase().max(254).optional(),
    action: textField().trim().max(64).optional(),
    objectType: z.enum(['member', 'report', 'photo', 'transaction', 'postback', 'operator']).optional(),
    objectId: textField().trim().max(64).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    before: idParam.optional(),
  }),
  body: noParams.optional(),
  response: z.object({ entries: z.array(auditEntrySchema), hasMore: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed'],
});

const operatorSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  enrolled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: isoDate.nullable(),
  createdAt: isoDate,
});

/** `GET /admin/api/operators`: every operator account. */
export const adminOperatorsContract = defineAdminContract({
  name: 'adminOperators',
  method: 'GET',
  path: '/admin/api/operators',
  roles: ['admin'],
  query: noParams,
  body: noParams.optional(),
  response: z.object({ operators: z.array(operatorSchema) }),
  errors: ['not_logged_in', 'forbidden'],
});

/** `POST /admin/api/operators` {email, role}: adds an operator; answers the one-time setup path. */
export const adminAddOperatorContract = defineAdminContract({
  name: 'adminAddOperator',
  method: 'POST',
  path: '/admin/api/operators',
  roles: ['admin'],
  query: noParams,
  body: z.strictObject({
    email: textField()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ error: 'validation.email' })),
    role: z.enum(OPERATOR_ROLES),
  }),
  response: z.object({
    id: z.number(),
    /** The one-time setup link on the site's public origin (docs/product.md §3 Settings, public_url). */
    setupUrl: z.url(),
    setupExpiresAt: isoDate,
  }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'account_exists'],
});

/** `PUT /admin/api/operators/:id` {role?, disabled?}: changes another operator's role or access. */
export const adminUpdateOperatorContract = defineAdminContract({
  name: 'adminUpdateOperator',
  method: 'PUT',
  path: '/admin/api/operators/:id',
  roles: ['admin'],
  query: noParams,
  body: z.strictObject({ role: z.enum(OPERATOR_ROLES).optional(), disabled: z.boolean().optional() }),
  response: z.object({ id: z.number() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'],
});

/**
 * `POST /admin/api/operators/:id/reset-access`: a lost password or authenticator. Clears both,
 * ends the operator's sessions and answers a new one-time setup path (72 hours); `conflict` for
 * the admin's own account.
 */
export const adminResetOperatorAccessContract = defineAdminContract({
  name: 'adminResetOperatorAccess',
  method: 'POST',
  path: '/admin/api/operators/:id/reset-access',
  roles: ['admin'],
  query: noParams,
  body: noParams.optional(),
  response: z.object({
    id: z.number(),
    /** The one-time setup link on the site's public origin (docs/product.md §3 Settings, public_url). */
    setupUrl: z.url(),
    setupExpiresAt: isoDate,
  }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict'],
});
