import { eq } from 'drizzle-orm';
import { getI18n } from '~/shared/i18n';
import { isLocale } from '~/shared/locales';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { registerAllMessages } from '../i18n/messages';
import type { Db } from '../db/client';
import { queuePush } from './outbox';

/**
 * Confirms a new subscription with a first notification in the member's language ("Notifications
 * are on"), opening the members area: queued in the outbox (`db`: the caller's transaction when
 * there is one) and sent by the next delivery round.
 */
export async function queueWelcomePush(ctx: AppContext, db: Db, userId: number, siteName: string): Promise<void> {
  registerAllMessages();
  const [profile] = await ctx.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  const t = getI18n(isLocale(profile?.language) ? profile.language : 'en').t;
  await queuePush(ctx, db, {
    purpose: 'welcome_push',
    userId,
    payload: {
      title: t('push.welcome_title', { site: siteName }),
      body: t('push.welcome_body'),
      url: '/members',
      tag: 'welcome',
    },
  });
}
