import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Affiliate tables (docs/product.md §12): the conversions of every account with the traffic it
 * came from, the postbacks to send to networks (a transactional outbox) with each attempt, and
 * the daily lander visit counters of the lander report.
 */

/**
 * A conversion of an account: signup, activation, sale (the first purchase), rebill (each later
 * purchase or renewal), refund or chargeback. Written in the database transaction of what caused
 * it; `key` makes it happen once per account (`sale`, `rebill:{transaction}`, `refund:{transaction}`).
 * The attribution (network … variant) is copied from the account's tracking record.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    site: text('site').notNull(),
    event: text('event', { enum: ['signup', 'activation', 'sale', 'rebill', 'refund', 'chargeback'] }).notNull(),
    key: text('key').notNull(),
    /** The payment transaction of a sale, rebill, refund or chargeback. */
    transactionId: integer('transaction_id'),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    network: text('network'),
    lander: text('lander'),
    variant: text('variant'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('conversions_user_key_idx').on(t.userId, t.key),
    index('conversions_site_created_idx').on(t.site, t.createdAt),
  ],
);

/**
 * One postback to a network (the outbox): the URL is rendered when the conversion is written, in
 * the same transaction. A sender claims due rows with a lease (`lease_token`, `lease_until`), so
 * several processes never send one row at once and a killed sender's row is sent again after its
 * lease ends. `delivered` after a 2xx answer; `failed` when 72 h of retries did not deliver it.
 */
export const postbacks = pgTable(
  'postbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversionId: integer('conversion_id')
      .notNull()
      .references(() => conversions.id),
    site: text('site').notNull(),
    network: text('network').notNull(),
    method: text('method', { enum: ['GET', 'POST'] }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('postbacks_conversion_idx').on(t.conversionId),
    index('postbacks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each attempt to send a postback: when, the HTTP status (null: no answer), latency and the failure's kind. */
export const postbackAttempts = pgTable(
  'postback_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postbackId: integer('postback_id')
      .notNull()
      .references(() => postbacks.id),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('postback_attempts_postback_idx').on(t.postbackId)],
);

/**
 * Lander visits per site, UTC day, design, experiment variant ('' for none) and network ('' for
 * none), counted at the lander entry link; no visitor data (no address, no cookie) is kept.
 */
export const landerVisits = pgTable(
  'lander_visits',
  {
    site: text('site').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lander: text('lander').notNull(),
    variant: text('variant').notNull().default(''),
    network: text('network').notNull().default(''),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.site, t.day, t.lander, t.variant, t.network] })],
);

/**
 * Lander entry-link visits by bots (curl, headless browsers, crawlers: server/http/bots.ts) per site
 * and UTC day: not in the report's visits, only its note that they were seen (docs/product.md §12).
 */
export const landerBotVisits = pgTable(
  'lander_bot_visits',
  {
    site: text('site').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.site, t.day] })],
);
