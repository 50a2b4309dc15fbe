import type { Locale } from '~/shared/locales';
import { memberMail } from './mail-layout';
import type { MailMessage } from './mailer';

/** The localized activation mail with its confirmation link (plain text and HTML). */
export function activationMail(input: {
  to: string;
  name: string;
  siteName: string;
  link: string;
  locale: Locale;
  from: string;
}): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('mail.activation_subject', { site: input.siteName }),
    paragraphs: [t('mail.activation_body', { site: input.siteName })],
    button: { label: t('mail.activation_button'), link: input.link },
    footnote: t('mail.activation_ignore'),
  }));
}
