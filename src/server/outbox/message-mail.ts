import { eq, sql } from 'drizzle-orm';
import { isLocale } from '~/shared/locales';
import { unsubscribeLink } from '../platform/accounts/unsubscribe-link';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { messageMailLog, profiles, users } from '../db/schema';
import { siteMailFrom, siteOrigin } from './background-mail';
import { messageMail } from '../platform/mail/message-mail';
import { queueMail } from './outbox';
import type { SiteConfig } from '../platform/sites/site-config';

/** At most one message mail per member and conversation in this time (ms). */
export const MESSAGE_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Claims the right to mail `userId` about `conversationId` now: one conditional upsert, so of
 * several messages (or processes) at the same moment exactly one wins, and only when the last
 * mail of this conversation is at least MESSAGE_MAIL_INTERVAL_MS old.
 */
async function claimMessageMail(db: Db, userId: number, conversationId: number, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MS);
  const claimed = await db
    .insert(messageMailLog)
    .values({ userId, conversationId, lastSentAt: now })
    .onConflictDoUpdate({
      target: [messageMailLog.userId, messageMailLog.conversationId],
      set: { lastSentAt: now },
      setWhere: sql`${messageMailLog.lastSentAt} <= ${cutoff.toISOString()}`,
    })
    .returning({ userId: messageMailLog.userId });
  return claimed.length > 0;
}

/**
 * Mails a member who is away about a new message (docs/product.md §10 Notifications): only an
 * active account (not deleted, address confirmed), at most once per conversation per hour,
 * with the sender's name but never the message text. The caller has checked that the member
 * wants these mails, has no open stream and got no push. The hour's claim and the mail are
 * written to the outbox in one transaction (the outbox retries a failed send); the caller
 * nudges the outbox after it.
 * @returns whether a mail was queued.
 */
export async function mailAboutMessage(
  ctx: AppContext,
  input: { site: SiteConfig; recipientId: number; senderName: string; conversationId: number },
): Promise<boolean> {
  const [recipient] = await ctx.db
    .select({ email: users.email, status: users.status, name: profiles.name, language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.recipientId))
    .limit(1);
  if (!recipient || recipient.status !== 'active') return false;
  const now = ctx.clock.now();
  const origin = siteOrigin(ctx, input.site);
  const message = messageMail({
    from: siteMailFrom(ctx, input.site.name),
    to: recipient.email,
    locale: isLocale(recipient.language) ? recipient.language : 'en',
    siteName: input.site.name,
    recipientName: recipient.name,
    senderName: input.senderName,
    chatLink: `${origin}/chats/${input.conversationId}`,
    settingsLink: `${origin}/notifications`,
    unsubscribeLink: unsubscribeLink(ctx.secret, origin, input.recipientId, 'message'),
  });
  return ctx.db.transaction(async (tx) => {
    if (!(await claimMessageMail(tx, input.recipientId, input.conversationId, now))) return false;
    await queueMail(ctx, tx, { purpose: 'message_mail', userId: input.recipientId, message });
    return true;
  });
}
