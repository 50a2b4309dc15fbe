import type { Locale } from '~/shared/locales';
import { memberMail } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * The "someone likes you" mail (docs/product.md §10 Notifications): who liked the member and a
 * button to their profile, plus the one-click unsubscribe link and headers of like mails.
 */
export function likeMail(input: {
  from: string;
  to: string;
  locale: Locale;
  siteName: string;
  /** The recipient's first name, for the greeting. */
  recipientName: string;
  /** Who liked them. */
  likerName: string;
  /** `<origin>/members/<liker id>`. */
  profileLink: string;
  /** `<origin>/notifications`. */
  settingsLink: string;
  /** The signed unsubscribe link (kind `like`). */
  unsubscribeLink: string;
}): MailMessage {
  return memberMail({ ...input, name: input.recipientName }, (t) => ({
    subject: t('notifications.mail_like_subject', { name: input.likerName, site: input.siteName }),
    paragraphs: [
      t('notifications.mail_like_body', { name: input.likerName, site: input.siteName }),
      t('notifications.mail_like_hourly'),
    ],
    button: { label: t('notifications.mail_like_button'), link: input.profileLink },
    footnote: t('notifications.mail_settings_hint', { link: input.settingsLink }),
    unsubscribe: { link: input.unsubscribeLink, label: t('notifications.mail_unsubscribe_like') },
  }));
}
