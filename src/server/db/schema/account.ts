import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * The member's own account settings and requests (docs/product.md §10): notification choices,
 * the message-mail throttle, and data exports.
 */

/**
 * Per kind of notification, whether the member wants it by e-mail and/or push. A member without
 * a row has the defaults below (messages and likes on). There is no news kind: the product sends
 * no newsletter (its columns were dropped).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messageMail: boolean('message_mail').notNull().default(true),
  messagePush: boolean('message_push').notNull().default(true),
  likeMail: boolean('like_mail').notNull().default(true),
  likePush: boolean('like_push').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a member was last mailed about new messages in a conversation (at most one mail per hour each). */
export const messageMailLog = pgTable(
  'message_mail_log',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

/** A member's data export (GDPR art. 15/20): built in the background, downloadable for 24 h. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['building', 'ready', 'failed', 'downloaded', 'expired'] })
      .notNull()
      .default('building'),
    /** Storage key of the ZIP while it exists. */
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);
