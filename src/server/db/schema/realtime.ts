import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MemberEventPayload, MemberEventType } from '~/shared/contracts/events';
import { users } from './members';

/**
 * Realtime tables: each member's numbered events (the SSE stream's source) and the open streams.
 */

/**
 * Realtime events per member (new message, read receipt, like, …), the source
 * of the SSE stream: `id` is the SSE event id, so a reconnect with
 * Last-Event-ID resumes exactly after the last event received. Kept 24 hours.
 */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The member's own event number, 1, 2, 3 … (the SSE id). The unique index makes a
     * concurrent publisher wait for the one before it to commit, so readers never see
     * number n+1 before n: no gaps for a stream that resumes after n.
     */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').$type<MemberEventType>().notNull(),
    payload: jsonb('payload').$type<MemberEventPayload>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_events_user_idx').on(t.userId, t.id),
    uniqueIndex('member_events_user_seq_idx').on(t.userId, t.seq),
    // The pruning job (member-events-prune) finds old events by time.
    index('member_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Open event streams, across every server process: a row per stream, its
 * `seen_at` renewed by the stream's heartbeat. A member with no fresh row is
 * offline, so a new message goes out as a web push.
 */
export const streamPresence = pgTable(
  'stream_presence',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stream_presence_user_idx').on(t.userId, t.seenAt)],
);
