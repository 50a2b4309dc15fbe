import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../shared/contracts/chat';
import { fail, ok, type Result } from '../../shared/errors';
import { isPremium, messageCost } from '../../shared/rules/message-costs';
import type { AppContext } from '../context';
import { spendCredits } from '../credits/credits';
import { conversationMembers, conversations, messages, profiles, users } from '../db/schema';
import { publishEvent } from '../realtime/events';
import type { SiteConfig } from '../sites/site-config';
import { isBlockedEitherWay } from './blocks';
import { conversationFor } from './conversations';
import { pushMessageIfOffline } from './message-push';

/** Messages per page of `GET /api/messages.php`. */
export const MESSAGES_PAGE_SIZE = 30;

type MessageRow = typeof messages.$inferSelect;

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
 * other member's messages read, sets the member's unread count to 0 (SPEC §4)
 * and sends the other member a read receipt.
 */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  conversationId: number,
  before?: number,
): Promise<Result<{ messages: ChatMessage[]; has_more: boolean }, 'not_found'>> {
  const view = await conversationFor(ctx, userId, conversationId);
  if (!view) return fail('not_found');
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
  const refreshed = before === undefined ? page.map((row) => (row.senderId !== userId && row.readAt === null ? { ...row, readAt: ctx.clock.now() } : row)) : page;
  return ok({ messages: refreshed.map(toChatMessage), has_more: hasMore });
}

/** Marks the other member's messages in a conversation read; a receipt goes to them when any were unread. */
export async function markRead(ctx: AppContext, userId: number, otherId: number, conversationId: number): Promise<void> {
  const now = ctx.clock.now();
  const updated = await ctx.db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), sql`${messages.readAt} IS NULL`))
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

/**
 * `POST /api/messages.php`: stores a text message from a member in one of
 * their conversations. Blocked pairs cannot write. A member who is not premium
 * pays the site's message cost for their country; the debit, the message and
 * the recipient's unread count change in one transaction, so credits never go
 * below zero even with concurrent sends. The recipient's streams get the
 * message (issue 6 realtime).
 */
export async function sendMessage(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  input: { conversation: number; text: string },
): Promise<Result<{ message: ChatMessage; credits: number }, 'not_found' | 'blocked' | 'insufficient_credits'>> {
  const view = await conversationFor(ctx, userId, input.conversation);
  if (!view) return fail('not_found');
  if (await isBlockedEitherWay(ctx, userId, view.otherId)) return fail('blocked');
  const [sender] = await ctx.db
    .select({ premiumUntil: users.premiumUntil, country: profiles.country })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const now = ctx.clock.now();
  const cost = messageCost(site.minimum_message_costs, sender?.country ?? null, isPremium(sender?.premiumUntil ?? null, now));
  const outcome = await ctx.db.transaction(async (tx) => {
    const credits = await spendCredits(tx, userId, cost, `message:${input.conversation}`);
    if (credits === null) return null;
    const [row] = await tx.insert(messages).values({ conversationId: input.conversation, senderId: userId, text: input.text, createdAt: now }).returning();
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, input.conversation));
    // The recipient sees the chat again (if they had deleted it) with one more unread message.
    await tx
      .update(conversationMembers)
      .set({ unreadCount: sql`${conversationMembers.unreadCount} + 1`, hiddenAt: null })
      .where(and(eq(conversationMembers.conversationId, input.conversation), eq(conversationMembers.userId, view.otherId)));
    await tx
      .update(conversationMembers)
      .set({ hiddenAt: null })
      .where(and(eq(conversationMembers.conversationId, input.conversation), eq(conversationMembers.userId, userId)));
    return { row: row!, credits };
  });
  if (!outcome) return fail('insufficient_credits');
  const message = toChatMessage(outcome.row);
  await publishEvent(ctx, view.otherId, 'message', { message });
  await publishEvent(ctx, userId, 'message', { message });
  // The push goes out in the background: the sender does not wait for push services.
  void pushMessageIfOffline(ctx, site, view.otherId, message).catch((error: unknown) => ctx.log.warn('message push failed', { error }));
  return ok({ message, credits: outcome.credits });
}
