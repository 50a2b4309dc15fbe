import { and, eq, gt, sql } from 'drizzle-orm';
import { getI18n } from '~/shared/i18n';
import { getNotificationSettings } from '../platform/accounts/notification-settings';
import { unsubscribeLink } from '../platform/accounts/unsubscribe-link';
import type { AppContext } from '../context';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import { outboxMessages, profiles } from '../db/schema';
import { registerAllMessages } from '../i18n/messages';
import { siteMailFrom, siteOrigin } from './background-mail';
import { likeMail } from '../platform/mail/like-mail';
import { queueMail } from './outbox';
import { sendPushToUser } from '../push';
import { hasOpenStream } from '../realtime';

/** At most one like mail per member in this time, however many members like them (ms). */
export const LIKE_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * docs/product.md §10 Notifications, likes: the notice of an announced like (queued with it,
 * likes/like-notice.ts; run by the outbox). Like message notices: nothing while the liked member
 * has a page of the site open in any process (the `like` event shows it); else a push to their
 * browsers with *like push* on, and when no push reached one, a mail with *like e-mail* on — at
 * most one like mail per member per hour, only to an active account, naming who liked them.
 * @throws on a database failure (the outbox retries).
 */
export async function notifyAboutLike(ctx: AppContext, likedId: number, likerId: number): Promise<void> {
  if (await hasOpenStream(ctx, likedId)) return;
  const settings = await getNotificationSettings(ctx, likedId);
  if (!settings.like_push && !settings.like_mail) return;
  const [liker] = await ctx.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, likerId)).limit(1);
  const liked = await memberMailInfo(ctx, likedId);
  if (!liker || !liked || liked.status === 'deleted') return;
  const site = ctx.sites.byPackageName.get(liked.site) ?? ctx.sites.defaultSite;
  registerAllMessages();
  const locale = liked.locale;
  const t = getI18n(locale).t;
  const pushed = settings.like_push
    ? await sendPushToUser(ctx, likedId, {
        title: t('push.like_title', { name: liker.name }),
        body: t('push.like_body'),
        url: `/members/${likerId}`,
        tag: `like-${likerId}`,
      })
    : 0;
  if (pushed > 0 || !settings.like_mail || liked.status !== 'active') return;
  const origin = siteOrigin(ctx, site);
  const message = likeMail({
    from: siteMailFrom(ctx, site.name),
    to: liked.email,
    locale,
    siteName: site.name,
    recipientName: liked.name,
    likerName: liker.name,
    profileLink: `${origin}/members/${likerId}`,
    settingsLink: `${origin}/notifications`,
    unsubscribeLink: unsubscribeLink(ctx.secret, origin, likedId, 'like'),
  });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // The outbox keeps its rows for days: the member's last like mail is the throttle. The lock
    // makes two like notices of the same member (several processes) check one after the other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`like_mail:${likedId}`}))`);
    const [recent] = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.userId, likedId),
          eq(outboxMessages.purpose, 'like_mail'),
          gt(outboxMessages.createdAt, new Date(now.getTime() - LIKE_MAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (!recent) await queueMail(ctx, tx, { purpose: 'like_mail', userId: likedId, message });
  });
}
