import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Gif } from '~/shared/contracts/chat';
import { profiles, users } from './members';

/**
 * Chat tables (docs/product.md §3 Chat entry). A conversation is between two
 * members, stored once with the lower member id first; each member's view of
 * it (unread count, deleted) lives in `conversation_members`. Safety (blocks,
 * reports) sits here too: it is about conversations between members.
 */

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
    gif: jsonb('gif').$type<Gif>(),
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
    /** docs/product.md §13 Reports queue: what the operator did (`dismissed`, `warned`, `suspended`, …). */
    outcome: text('outcome', {
      enum: ['dismissed', 'warned', 'photo_removed', 'about_cleared', 'suspended', 'banned'],
    }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** operators.id of who worked it. */
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    // Open reports about one member (the reports queue's detail, the member record).
    index('reports_profile_status_idx').on(t.profileId, t.status),
  ],
);
