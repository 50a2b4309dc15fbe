import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationKind,
  type NotificationSettings,
} from '~/shared/contracts/notifications';
import type { AppContext } from '../../context';
import { notificationSettings } from '../../db/schema';

type Row = typeof notificationSettings.$inferSelect;
type Columns = Omit<Row, 'userId' | 'updatedAt'>;

function fromRow(row: Columns): NotificationSettings {
  return {
    message_mail: row.messageMail,
    message_push: row.messagePush,
    like_mail: row.likeMail,
    like_push: row.likePush,
  };
}

function toColumns(settings: Partial<NotificationSettings>): Partial<Columns> {
  const columns: Partial<Columns> = {};
  if (settings.message_mail !== undefined) columns.messageMail = settings.message_mail;
  if (settings.message_push !== undefined) columns.messagePush = settings.message_push;
  if (settings.like_mail !== undefined) columns.likeMail = settings.like_mail;
  if (settings.like_push !== undefined) columns.likePush = settings.like_push;
  return columns;
}

/**
 * A member's notification choices (docs/product.md §10 Notifications): their saved row, or
 * `DEFAULT_NOTIFICATION_SETTINGS` when they never changed anything.
 */
export async function getNotificationSettings(ctx: AppContext, userId: number): Promise<NotificationSettings> {
  const [row] = await ctx.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row ? fromRow(row) : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/**
 * Changes some of a member's choices (the others keep their saved or default value) in one
 * upsert, and answers all of them. The member must exist (the row references `users`).
 */
export async function updateNotificationSettings(
  ctx: AppContext,
  userId: number,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const columns = toColumns(change);
  const updatedAt = ctx.clock.now();
  const [row] = await ctx.db
    .insert(notificationSettings)
    .values({ userId, ...toColumns(DEFAULT_NOTIFICATION_SETTINGS), ...columns, updatedAt })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...columns, updatedAt } })
    .returning();
  return fromRow(row!);
}

/** Turns off the e-mails of one kind (the unsubscribe link, docs/product.md §10). */
export async function turnOffMails(ctx: AppContext, userId: number, kind: NotificationKind): Promise<void> {
  await updateNotificationSettings(ctx, userId, { [`${kind}_mail`]: false });
}
