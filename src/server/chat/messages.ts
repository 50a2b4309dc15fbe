import { sql } from 'drizzle-orm';
import type { ChatMessage, Gif } from '~/shared/contracts/chat';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS } from '~/shared/locales';
import { fail, ok, type Result } from '~/shared/errors';
import { isPremium, messageCost } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import { debitCreditsSql } from '../credits';
import { conversationMembers, conversations, messages, outboxMessages, profiles, users } from '../db/schema';
import { queryRows } from '../db/raw';
import { chatMessagesSent } from '../platform/metrics/series';
import { eventsRecorded, recordEventsSql, withEventRetry } from '../platform/events/events';
import type { SiteConfig } from '../platform/sites/site-config';
import { nudgeOutbox } from '../outbox';
import { notBlockedWith } from '../blocks';
import { toChatMessage } from './message-history';
import { canChatWith, conversationBetween, dropIfEmpty, findOrCreateConversation } from './conversations';

/**
 * What a member sends: exactly one of text and a GIF's provider id, into a conversation or to a
 * member (`profile`, when there may be no conversation yet); the send contract checks both.
 */
export interface MessageDraft {
  conversation?: number;
  profile?: number;
  text?: string;
  gif?: string;
}

type SendFailure = 'not_found' | 'blocked' | 'insufficient_credits' | 'validation_failed' | 'member_deleted';

/**
 * `POST /api/messages.php` (docs/product.md §7): sends into `input.conversation`, or to member
 * `input.profile`. Opening a chat page creates nothing (a GET never writes): the first message to
 * a member creates the conversation — only a member the sender may chat with (canChatWith), and
 * a refused first message (credits short, an unknown GIF) leaves no empty conversation behind.
 */
export async function sendMessage(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  input: MessageDraft,
): Promise<Result<{ message: ChatMessage; credits: number }, SendFailure>> {
  if (input.conversation !== undefined) return sendToConversation(ctx, site, userId, input.conversation, input);
  if (input.profile === undefined) return fail('validation_failed');
  const allowed = await canChatWith(ctx, userId, input.profile);
  if (!allowed.ok) return allowed;
  const existing = await conversationBetween(ctx, userId, input.profile);
  if (existing !== null) return sendToConversation(ctx, site, userId, existing, input);
  const { id, created } = await findOrCreateConversation(ctx, userId, input.profile);
  const sent = await sendToConversation(ctx, site, userId, id, input);
  if (!sent.ok && created) await dropIfEmpty(ctx, id);
  return sent;
}

/**
 * Everything sending needs to know in one query: the conversation (only when
 * the sender is one of its members), whether either member blocked the other,
 * and the sender's premium end and country (for the message cost).
 */
async function sendingContext(ctx: AppContext, userId: number, conversationId: number) {
  const [row] = await queryRows<{
    member_low: number;
    member_high: number;
    blocked: boolean;
    premium_until: Date | string | null;
    country: string | null;
    language: string | null;
    other_deleted: boolean;
  }>(
    ctx.db,
    sql`SELECT c.member_low, c.member_high, u.premium_until, p.country, p.language,
        NOT ${notBlockedWith(userId, sql`CASE WHEN c.member_low = ${userId} THEN c.member_high ELSE c.member_low END`)} AS blocked,
        EXISTS (SELECT 1 FROM ${users} o WHERE o.id = CASE WHEN c.member_low = ${userId} THEN c.member_high ELSE c.member_low END
          AND o.status = 'deleted') AS other_deleted
      FROM ${conversations} c
      JOIN ${conversationMembers} cm ON cm.conversation_id = c.id AND cm.user_id = ${userId}
      JOIN ${users} u ON u.id = ${userId}
      LEFT JOIN ${profiles} p ON p.id = ${userId}
      WHERE c.id = ${conversationId}`,
  );
  if (!row) return null;
  return {
    otherId: Number(row.member_low) === userId ? Number(row.member_high) : Number(row.member_low),
    blocked: row.blocked,
    otherDeleted: row.other_deleted,
    premiumUntil: row.premium_until,
    country: row.country,
    language: row.language,
  };
}

/**
 * Stores a text or GIF message from a member in one of their conversations. Blocked pairs cannot write, nor can anyone write to a
 * member who deleted their account (`member_deleted`, docs/product.md §10); a GIF must be one the GIF
 * provider knows (its media is stored with the message). A member who is not
 * premium pays the site's message cost for their country. The debit with its
 * ledger row, the message, the conversation's time and both members' views
 * (recipient's unread + 1, the chat un-deleted for both) change in one
 * statement, so credits never go below zero even with concurrent sends. Both
 * members' streams get the message (realtime); the recipient gets a
 * push when no stream of theirs is open.
 */
async function sendToConversation(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  conversation: number,
  input: MessageDraft,
): Promise<Result<{ message: ChatMessage; credits: number }, SendFailure>> {
  const context = await sendingContext(ctx, userId, conversation);
  if (!context) return fail('not_found');
  if (context.otherDeleted) return fail('member_deleted');
  if (context.blocked) return fail('blocked');
  let gif: Gif | null = null;
  if (input.gif !== undefined) {
    gif = await ctx.gifs.get(
      input.gif,
      LOCALE_TAGS[isLocale(context.language) ? context.language : DEFAULT_LOCALE].gif,
    );
    if (!gif) return fail('validation_failed', undefined, [{ path: 'gif', message: 'chat.gif_unknown' }]);
  }
  const now = ctx.clock.now();
  const cost = messageCost(site.minimum_message_costs, context.country, isPremium(context.premiumUntil, now));
  const stored = await storeMessage(ctx, {
    // The recipient's notice (push, or a mail when away) is queued in the message's own commit
    // (outbox/notices.ts decides the channel); with a stream open in this process they see it live.
    notice: ctx.realtime.localStreams(context.otherId) === 0 ? site.package_name : null,
    userId,
    otherId: context.otherId,
    conversation,
    text: input.text ?? null,
    gif,
    cost,
    now,
  });
  if (!stored) return fail('insufficient_credits');
  const { message } = stored;
  // The push goes out in the background: the sender does not wait for push services.
  nudgeOutbox(ctx);
  return ok({ message, credits: stored.credits });
}

/**
 * The write half of sendMessage as one statement (data-modifying CTEs), so one
 * commit: debit `cost` credits only if the balance allows it (with its ledger
 * row), then the message, the conversation changes and the `message` event
 * for both members (with its NOTIFY on PostgreSQL), all only when the debit
 * happened. Returns the stored message and the new balance, or null when
 * credits were short.
 */
async function storeMessage(
  ctx: AppContext,
  m: {
    /** The site's package name when the recipient gets a notice (outbox), else null. */
    notice: string | null;
    userId: number;
    otherId: number;
    conversation: number;
    text: string | null;
    gif: Gif | null;
    cost: number;
    now: Date;
  },
): Promise<{ message: ChatMessage; credits: number } | null> {
  const at = sql`${m.now.toISOString()}::timestamptz`;
  // The event payload as both members get it; only the message id comes from the insert.
  const draft = toChatMessage({
    id: 0,
    conversationId: m.conversation,
    senderId: m.userId,
    text: m.text,
    gif: m.gif,
    createdAt: m.now,
    readAt: null,
  });
  const payload = sql`jsonb_set(${JSON.stringify({ message: draft })}::jsonb, '{message,id}', to_jsonb(message.id))`;
  const channel = ctx.realtime.sqlChannel();
  const [row] = await withEventRetry(() =>
    queryRows<{ id: number | string; credits: number; events: { ord: number; seq: number | string }[] }>(
      ctx.db,
      sql`WITH ${debitCreditsSql(m.userId, m.cost, `message:${m.conversation}`, at)},
        message AS (
          INSERT INTO ${messages} (conversation_id, sender_id, text, gif, created_at)
          SELECT ${m.conversation}, ${m.userId}, ${m.text}::text, ${m.gif ? JSON.stringify(m.gif) : null}::jsonb, ${at} FROM debit
          RETURNING id),
        conversation AS (
          UPDATE ${conversations} SET last_message_at = ${at} WHERE id = ${m.conversation} AND EXISTS (SELECT 1 FROM message)),
        views AS (
          UPDATE ${conversationMembers}
          SET unread_count = unread_count + CASE WHEN user_id = ${m.otherId} THEN 1 ELSE 0 END, hidden_at = NULL
          WHERE conversation_id = ${m.conversation} AND EXISTS (SELECT 1 FROM message)),
        notice AS (
          INSERT INTO ${outboxMessages} (kind, purpose, user_id, payload, next_attempt_at, created_at)
          SELECT 'notice', 'message', ${m.otherId}::integer,
            jsonb_build_object('site', ${m.notice}::text, 'message', (${payload})->'message'), ${at}, ${at}
          FROM message WHERE ${m.notice}::text IS NOT NULL),
        drafts (user_id, ord, type, payload) AS (
          SELECT ${m.otherId}::integer, 0, 'message'::text, ${payload} FROM message
          UNION ALL
          SELECT ${m.userId}::integer, 1, 'message'::text, ${payload} FROM message),
        ${recordEventsSql(m.now, channel)}
        SELECT message.id, debit.credits, (SELECT json_agg(json_build_object('ord', ord, 'seq', seq)) FROM published) AS events
        FROM message, debit`,
    ),
  );
  if (!row) return null;
  chatMessagesSent.inc();
  const message = { ...draft, id: Number(row.id) };
  const seqs = [0, 1].map((ord) => Number(row.events.find((event) => Number(event.ord) === ord)?.seq));
  await eventsRecorded(
    ctx,
    [
      { userId: m.otherId, type: 'message', payload: { message } },
      { userId: m.userId, type: 'message', payload: { message } },
    ],
    seqs,
    channel !== null,
  );
  return { message, credits: Number(row.credits) };
}
