import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Log-in and activation tables: sessions, rate-limit counters, e-mail activation links.
 */

/** Server-side sessions; `id` is the SHA-256 (hex) of the opaque cookie token, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at log-in (shown as device/browser in the sessions list). */
    userAgent: text('user_agent'),
    /** ISO country of the log-in IP address (approximate place); the address itself is not stored. */
    country: text('country'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window rate-limit counters shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** E-mail activation links (docs/product.md §2 step 6/7); `tokenHash` is the SHA-256 (hex) of the link token. */
export const emailActivations = pgTable(
  'email_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the mail transport accepted the message (docs/product.md §3 Activation response `delivered`). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_activations_token_idx').on(t.tokenHash), index('email_activations_user_idx').on(t.userId)],
);

/** What an account token lets its holder do (docs/product.md §10 account tokens). */
export const ACCOUNT_TOKEN_PURPOSES = [
  'reset_password',
  'mail_change',
  'mail_change_undo',
  'complete_signup',
  'export_download',
] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use, expiring links mailed to or offered to a member (password reset, e-mail change
 * and its undo, complete-signup, data-export download). Only the SHA-256 (hex) of the 256-bit
 * token is stored; `data` holds what the link acts on (e.g. the new e-mail address).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
