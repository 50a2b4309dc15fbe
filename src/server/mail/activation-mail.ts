import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { registerAllMessages } from '../i18n/messages';
import { composeMail } from './mail-layout';
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
  registerAllMessages();
  const t = getI18n(input.locale).t;
  return composeMail({
    from: input.from,
    to: input.to,
    locale: input.locale,
    subject: t('mail.activation_subject', { site: input.siteName }),
    greeting: t('mail.greeting', { name: input.name }),
    paragraphs: [t('mail.activation_body', { site: input.siteName })],
    button: { label: t('mail.activation_button'), link: input.link },
    footnote: t('mail.activation_ignore'),
  });
}
