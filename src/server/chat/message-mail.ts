import { and, eq, sql } from 'drizzle-orm';
import { isLocale } from '~/shared/locales';
import { unsubscribeLink } from '../account/unsubscribe-link';
import type { AppContext } from '../context';
import { messageMailLog, profiles, users } from '../db/schema';
import { siteMailFrom, siteOrigin } from '../mail/background-mail';
import { messageMail } from '../mail/message-mail';
import type { SiteConfig } from '../sites/site-config';

/** At most one message mail per member and conversation in this time (ms). */
export const MESSAGE_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Claims the right to mail `userId` about `conversationId` now: one conditional upsert, so of
 * several messages (or processes) at the same moment exactly one wins, and only when the last
 * mail of this conversation is at least MESSAGE_MAIL_INTERVAL_MS old.
 */
async function claimMessageMail(ctx: AppContext, userId: number, conversationId: number, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MS);
  const claimed = await ctx.db
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
 * wants these mails, has no open stream and got no push. A failed send frees the claim, so the
 * next message may try again.
 * @returns whether a mail was sent.
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
  if (!(await claimMessageMail(ctx, input.recipientId, input.conversationId, now))) return false;
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
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    await ctx.db
      .delete(messageMailLog)
      .where(
        and(
          eq(messageMailLog.userId, input.recipientId),
          eq(messageMailLog.conversationId, input.conversationId),
          eq(messageMailLog.lastSentAt, now),
        ),
      );
    throw error;
  }
}
