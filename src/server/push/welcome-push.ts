import { eq } from 'drizzle-orm';
import { getI18n } from '~/shared/i18n';
import { isLocale } from '~/shared/locales';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { registerAllMessages } from '../i18n/messages';
import { sendPushToUser } from './subscriptions';

/**
 * Confirms a new subscription with a first notification in the member's
 * language ("Notifications are on"), opening the members area.
 */
export async function sendWelcomePush(ctx: AppContext, userId: number, siteName: string): Promise<number> {
  registerAllMessages();
  const [profile] = await ctx.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  const t = getI18n(isLocale(profile?.language) ? profile.language : 'en').t;
  return sendPushToUser(ctx, userId, {
    title: t('push.welcome_title', { site: siteName }),
    body: t('push.welcome_body'),
    url: '/members',
    tag: 'welcome',
  });
}
