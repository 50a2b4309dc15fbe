import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profiles, users } from './schema';

/**
 * Chat tables (docs/product.md §3 Chat entry). A conversation is between two
 * members, stored once with the lower member id first; each member's view of
 * it (unread count, deleted) lives in `conversation_members`.
 */

/** A GIF message's media (from the GIF provider), stored with the message. */
export interface GifRef {
  id: string;
  url: string;
  preview: string;
  width: number;
  height: number;
  title: string;
}

export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberLow: integer('member_low')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberHigh: integer('member_high')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.memberLow, t.memberHigh),
    index('conversations_high_idx').on(t.memberHigh),
    check('conversations_ordered_pair', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/** One member's side of a conversation: unread count, last read message, deleted ("hidden") from their list. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    /** Set when this member deleted the chat; only messages after it are shown to them again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBeforeMessageId: bigint('hidden_before_message_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text as typed (rendered as text, never as HTML). */
    text: text('text'),
    gif: jsonb('gif').$type<GifRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_text_or_gif', sql`(${t.text} IS NOT NULL) <> (${t.gif} IS NOT NULL)`),
  ],
);

/** A member blocking another: no messages either way, hidden from each other's search and likes. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A report of a profile (and optionally a conversation) for moderation. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['fake', 'spam', 'harassment', 'underage', 'inappropriate', 'other'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'reviewed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt)],
);

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
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_events_user_idx').on(t.userId, t.id), uniqueIndex('member_events_user_seq_idx').on(t.userId, t.seq)],
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
