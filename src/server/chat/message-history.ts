import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { ChatMessage } from '~/shared/contracts/chat';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { conversationMembers, messages } from '../db/schema';
import { publishEvent } from '../platform/events/events';
import { isBlockedEitherWay } from '../blocks';
import { conversationFor } from './conversations';

/**
 * A conversation's history as its members read it: pages of messages and the read state
 * (docs/product.md §4 Chat). Sending is in ./messages.ts.
 */

/** Messages per page of `GET /api/messages.php`. */
export const MESSAGES_PAGE_SIZE = 30;

type MessageRow = typeof messages.$inferSelect;

/** A stored message as the chat contract shows it. */
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversation: row.conversationId,
    from: row.senderId,
    text: row.text,
    gif: row.gif,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * A page of a conversation for one of its members: the newest
 * MESSAGES_PAGE_SIZE messages before `before` (oldest first in the page),
 * never those hidden by the member's delete. Reading the newest page marks the
 * other member's messages read, sets the member's unread count to 0 (docs/product.md §4)
 * and sends the other member a read receipt. Within a blocked pair the conversation is not found
 * (docs/product.md §6): no history, and no read receipt telling the other member someone is there.
 */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  conversationId: number,
  before?: number,
): Promise<Result<{ messages: ChatMessage[]; has_more: boolean }, 'not_found'>> {
  const view = await conversationFor(ctx, userId, conversationId);
  if (!view || (await isBlockedEitherWay(ctx, userId, view.otherId))) return fail('not_found');
  const where = [eq(messages.conversationId, conversationId)];
  if (before !== undefined) where.push(lt(messages.id, before));
  if (view.hiddenBeforeMessageId !== null) where.push(gt(messages.id, view.hiddenBeforeMessageId));
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const hasMore = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  if (before === undefined) await markRead(ctx, userId, view.otherId, conversationId);
  const refreshed =
    before === undefined
      ? page.map((row) => (row.senderId !== userId && row.readAt === null ? { ...row, readAt: ctx.clock.now() } : row))
      : page;
  return ok({ messages: refreshed.map(toChatMessage), has_more: hasMore });
}

/** Marks the other member's messages in a conversation read; a receipt goes to them when any were unread. */
export async function markRead(
  ctx: AppContext,
  userId: number,
  otherId: number,
  conversationId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const updated = await ctx.db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), sql`${messages.readAt} IS NULL`),
    )
    .returning({ id: messages.id });
  await ctx.db
    .update(conversationMembers)
    .set({ unreadCount: 0 })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  if (updated.length > 0) {
    const upTo = Math.max(...updated.map((row) => row.id));
    await publishEvent(ctx, otherId, 'read', { conversation: conversationId, up_to: upTo });
  }
}
