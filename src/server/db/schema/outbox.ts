import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable outbox of mails and pushes (docs/architecture.md §5 Outbox): written in the same
 * transaction as the change that causes them, delivered by every server process (lease +
 * `FOR UPDATE SKIP LOCKED`, retries with back-off), like the affiliate postbacks.
 * `payload` holds the rendered mail or push; it may carry a single-use link, so it is set to
 * NULL as soon as the row is delivered or given up (the row itself stays as the delivery record
 * until it is pruned).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What delivers it: a rendered mail, a push to a member's browsers, or a notice decided at delivery. */
    kind: text('kind', { enum: ['mail', 'push', 'notice'] }).notNull(),
    /** Why it was sent (`password_reset`, `receipt`, …): logs and tests, never personal data. */
    purpose: text('purpose').notNull(),
    userId: integer('user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_messages_created_idx').on(t.createdAt),
    // The like-mail throttle looks up a member's latest mail of a purpose.
    index('outbox_messages_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);
