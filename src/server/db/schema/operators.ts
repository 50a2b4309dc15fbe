import { OPERATOR_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Operator console tables (docs/product.md §13): operator accounts (not members), their
 * sessions (a separate cookie scoped to `/admin`) and the append-only audit log of every
 * operator action. This file imports no other area: operators are not members.
 */

export { OPERATOR_ROLES, type OperatorRole };

/**
 * An operator account. Created by `npm run operator:add` with a one-time setup link (only the
 * SHA-256 hex of its token is stored); the password (argon2id) is set through that link and the
 * TOTP secret is enrolled at the first log-in. `totpLastStep` is the 30-s step of the last code
 * accepted: a code of that step or earlier is refused (no replay). `recoveryCodes` holds the
 * SHA-256 hex of each unused recovery code.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    setupTokenHash: text('setup_token_hash'),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_email_idx').on(t.email), uniqueIndex('operators_setup_idx').on(t.setupTokenHash)],
);

/**
 * Operator sessions; `id` is the SHA-256 hex of the cookie token. `stage` = `password` while
 * only the password was given (the second factor is still due, 5 minutes), `active` after it.
 * An active session ends at `expiresAt` (8 h after log-in) or 30 minutes after `lastSeenAt`.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['password', 'active'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action (docs/product.md §13 Audit log): who, when, what, on which object, the
 * state before and after. Append-only: a trigger refuses UPDATE and DELETE (migration 0014).
 * The operator's e-mail is copied so an entry stays readable whatever happens to the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    reportId: integer('report_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
  ],
);
