import { eq } from 'drizzle-orm';
import type { ChatMessage } from '~/shared/contracts/chat';
import { getI18n } from '~/shared/i18n';
import { isLocale } from '~/shared/locales';
import { getNotificationSettings } from '../platform/accounts/notification-settings';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { registerAllMessages } from '../i18n/messages';
import { sendPushToUser } from '../push';
import { hasOpenStream } from '../realtime';
import type { SiteConfig } from '../platform/sites/site-config';
import { mailAboutMessage } from './message-mail';

/** Longest text preview in a push when the site allows previews (characters). */
export const PUSH_PREVIEW_CHARS = 60;

/**
 * The message notice (outbox/notices.ts runs it from the outbox): when the recipient has no open
 * event stream in any process and wants message pushes (docs/product.md §10 Notifications), a web
 * push goes to their subscriptions (gone ones are pruned): the sender's name, and the message text
 * only as a short preview when the site's `push_message_preview` allows it; it opens the
 * conversation. When no push was accepted and the member wants message mails, `mailAboutMessage`
 * queues a mail instead (at most hourly per conversation).
 * @returns how many pushes the push services accepted (0 when online).
 * @throws on a database failure (the outbox retries).
 */
export async function notifyAboutMessage(
  ctx: AppContext,
  site: SiteConfig,
  recipientId: number,
  message: ChatMessage,
): Promise<number> {
  if (await hasOpenStream(ctx, recipientId)) return 0;
  const settings = await getNotificationSettings(ctx, recipientId);
  if (!settings.message_push && !settings.message_mail) return 0;
  registerAllMessages();
  const rows = await ctx.db
    .select({ id: profiles.id, name: profiles.name, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, message.from))
    .limit(1);
  const [recipient] = await ctx.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, recipientId))
    .limit(1);
  const t = getI18n(isLocale(recipient?.language) ? recipient.language : 'en').t;
  const name = rows[0]?.name ?? site.name;
  const text = message.text ?? '';
  const preview = text.length > PUSH_PREVIEW_CHARS ? `${text.slice(0, PUSH_PREVIEW_CHARS - 1)}…` : text;
  const pushed = settings.message_push
    ? await sendPushToUser(ctx, recipientId, {
        title: t('push.message_title', { name }),
        body: site.push_message_preview && preview ? preview : t('push.message_body'),
        url: `/chats/${message.conversation}`,
        tag: `chat-${message.conversation}`,
      })
    : 0;
  if (pushed === 0 && settings.message_mail) {
    // Queued in the outbox; the delivery round running this notice (or the caller) sends it.
    await mailAboutMessage(ctx, { site, recipientId, senderName: name, conversationId: message.conversation });
  }
  return pushed;
}
