import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ChatEntry } from '~/shared/contracts/chat';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { conversationMembers, conversations, messages, profiles, users } from '../db/schema';
import { deletedMemberProfile } from '../platform/accounts/deleted-member';
import { loadImages, toPublicProfile } from '../members';
import { publishEvent } from '../platform/events/events';
import { isBlockedEitherWay, notBlockedWith } from '../blocks';

/** A conversation as one of its members sees it. */
export interface ConversationView {
  id: number;
  /** The other member's id. */
  otherId: number;
  /** Messages up to this id are hidden for the viewer (they deleted the chat); null = none. */
  hiddenBeforeMessageId: number | null;
}

/**
 * The conversation `conversationId` if `userId` is one of its two members,
 * else null (callers answer 404: other pairs' conversations do not exist for them).
 */
export async function conversationFor(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<ConversationView | null> {
  const [row] = await ctx.db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)),
    )
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row) return null;
  const { memberLow, memberHigh } = row.conversation;
  return {
    id: conversationId,
    otherId: memberLow === userId ? memberHigh : memberLow,
    hiddenBeforeMessageId: row.member.hiddenBeforeMessageId,
  };
}

/**
 * Whether `userId` may chat with `profileId` (docs/product.md §6): not themselves
 * (`validation_failed`), a visible member who kept their account (`not_found`), and neither
 * blocked the other (`blocked`). Reads only.
 */
export async function canChatWith(
  ctx: AppContext,
  userId: number,
  profileId: number,
): Promise<Result<true, 'not_found' | 'validation_failed' | 'blocked'>> {
  if (userId === profileId)
    return fail('validation_failed', undefined, [{ path: 'profile', message: 'chat.not_yourself' }]);
  const [target] = await ctx.db
    .select({ visible: profiles.isVisible, status: users.status })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!target?.visible || target.status === 'deleted') return fail('not_found');
  if (await isBlockedEitherWay(ctx, userId, profileId)) return fail('blocked');
  return ok(true);
}

/** The id of the conversation between members `a` and `b`, or null when they have none. Reads only. */
export async function conversationBetween(ctx: AppContext, a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The conversation between members `a` and `b` with both members' views, created when they
 * have none (the pair is unique, so racing creations get the same conversation).
 * `created` is true only for the call that inserted it.
 */
export async function findOrCreateConversation(
  ctx: AppContext,
  a: number,
  b: number,
): Promise<{ id: number; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversations)
      .values({ memberLow: low, memberHigh: high, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const [row] = inserted.length
      ? inserted
      : await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: row!.id, userId: low },
        { conversationId: row!.id, userId: high },
      ])
      .onConflictDoNothing();
    return { id: row!.id, created: inserted.length > 0 };
  });
}

/**
 * Deletes conversation `id` (with both members' views) if it has no message: what a refused
 * first message leaves behind. A message that got in meanwhile keeps it.
 */
export async function dropIfEmpty(ctx: AppContext, id: number): Promise<void> {
  await ctx.db
    .delete(conversations)
    .where(
      and(
        eq(conversations.id, id),
        sql`NOT EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${conversations.id})`,
      ),
    );
}

/**
 * `GET /api/chat.php?profile=` (docs/product.md §7): the conversation between the member
 * and a visible profile, created on first use. Deleted chats come back. Pages never call
 * it: opening a chat page writes nothing, the first message creates the conversation.
 */
export async function startConversation(
  ctx: AppContext,
  userId: number,
  profileId: number,
): Promise<Result<{ id: number }, 'not_found' | 'validation_failed' | 'blocked'>> {
  const allowed = await canChatWith(ctx, userId, profileId);
  if (!allowed.ok) return allowed;
  const { id } = await findOrCreateConversation(ctx, userId, profileId);
  // Starting a chat again shows it again in the starter's list (history before the delete stays hidden).
  await ctx.db
    .update(conversationMembers)
    .set({ hiddenAt: null })
    .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, userId)));
  return ok({ id });
}

/**
 * docs/product.md §3 Chat entries of a member: conversations with at least one message or
 * started by them, not deleted by them, newest first, with unread count and the
 * last visible message. A partner who deleted their account comes with `member_deleted` and
 * an empty profile (docs/product.md §10). Conversations within a blocked pair (either way) are left
 * out while the block lasts, so neither sees the other's photos, texts or presence (docs/product.md §6);
 * an unblock brings them back with their history.
 */
export async function listChats(ctx: AppContext, userId: number): Promise<ChatEntry[]> {
  const rows = await ctx.db
    .select({ conversation: conversations, member: conversationMembers, other: profiles, status: users.status })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(
      profiles,
      and(
        or(eq(profiles.id, conversations.memberLow), eq(profiles.id, conversations.memberHigh)),
        sql`${profiles.id} <> ${userId}`,
      ),
    )
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.hiddenAt),
        // A deleted member's chats stay (as "Deleted member", docs/product.md §10); other hidden profiles go.
        or(eq(profiles.isVisible, true), eq(users.status, 'deleted')),
        notBlockedWith(userId, profiles.id),
      ),
    )
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.conversation.id);
  const lastMessages = await ctx.db
    .selectDistinctOn([messages.conversationId], { message: messages })
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.id));
  const lastByConversation = new Map(lastMessages.map((row) => [row.message.conversationId, row.message]));
  const imageRows = await loadImages(
    ctx,
    rows.map((row) => row.other.id),
  );
  const today = ctx.clock.now();
  return rows.map((row) => {
    const last = lastByConversation.get(row.conversation.id);
    const visibleLast =
      last && (row.member.hiddenBeforeMessageId === null || last.id > row.member.hiddenBeforeMessageId)
        ? last
        : undefined;
    const isDeleted = row.status === 'deleted';
    return {
      conversation: row.conversation.id,
      profile: isDeleted ? deletedMemberProfile(row.other.id) : toPublicProfile(row.other, imageRows, today),
      member_deleted: isDeleted,
      num_unread_messages: row.member.unreadCount,
      last_message: visibleLast
        ? {
            text: visibleLast.text,
            gif: visibleLast.gif !== null,
            from_me: visibleLast.senderId === userId,
            created_at: visibleLast.createdAt.toISOString(),
          }
        : null,
      updated_at: (row.conversation.lastMessageAt ?? row.conversation.createdAt).toISOString(),
    };
  });
}

/**
 * `DELETE /api/chat.php` (docs/product.md §7): removes the chat from the member's list
 * and hides its history for them; the other member keeps theirs. A new
 * message brings the chat back with only the new messages.
 */
export async function deleteChat(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<Result<{ deleted: true }, 'not_found'>> {
  const view = await conversationFor(ctx, userId, conversationId);
  if (!view) return fail('not_found');
  const [last] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(1);
  await ctx.db
    .update(conversationMembers)
    .set({ hiddenAt: ctx.clock.now(), hiddenBeforeMessageId: last?.id ?? view.hiddenBeforeMessageId, unreadCount: 0 })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  await publishEvent(ctx, userId, 'chat_deleted', { conversation: conversationId });
  return ok({ deleted: true });
}
