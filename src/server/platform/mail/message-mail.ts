import type { Locale } from '~/shared/locales';
import { memberMail } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * The "you have a new message" mail (docs/product.md §10 Notifications): who wrote and a
 * button to the chat, never the message itself (mail is read on shared screens and kept by
 * mail providers), plus the one-click unsubscribe link and headers.
 */
export function messageMail(input: {
  from: string;
  to: string;
  locale: Locale;
  siteName: string;
  /** The recipient's first name, for the greeting. */
  recipientName: string;
  /** Who wrote. */
  senderName: string;
  /** `<origin>/chats/<conversation id>`. */
  chatLink: string;
  /** `<origin>/notifications`. */
  settingsLink: string;
  /** The signed unsubscribe link. */
  unsubscribeLink: string;
}): MailMessage {
  return memberMail({ ...input, name: input.recipientName }, (t) => ({
    subject: t('notifications.mail_message_subject', { name: input.senderName, site: input.siteName }),
    paragraphs: [
      t('notifications.mail_message_body', { name: input.senderName, site: input.siteName }),
      t('notifications.mail_message_hourly'),
    ],
    button: { label: t('notifications.mail_message_button'), link: input.chatLink },
    footnote: t('notifications.mail_settings_hint', { link: input.settingsLink }),
    unsubscribe: { link: input.unsubscribeLink, label: t('notifications.mail_unsubscribe_message') },
  }));
}
