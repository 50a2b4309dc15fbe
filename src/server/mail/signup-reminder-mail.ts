import { getI18n } from '~/shared/i18n';
import { registerAllMessages } from '../i18n/messages';
import { composeMail } from './mail-layout';
import type { MailMessage } from './mailer';
import type { MailRecipient } from './password-mails';

/**
 * docs/product.md §10 Complete-signup reminder: the one mail sent to a member who stopped the
 * signup wizard, with a one-time link (`link` = `<origin>/complete-signup?token=…`) that logs
 * them in and resumes the wizard.
 */
export function signupReminderMail(input: MailRecipient & { link: string }): MailMessage {
  registerAllMessages();
  const t = getI18n(input.locale).t;
  return composeMail({
    from: input.from,
    to: input.to,
    locale: input.locale,
    subject: t('complete_signup.mail_subject', { site: input.siteName }),
    greeting: t('mail.greeting', { name: input.name }),
    paragraphs: [t('complete_signup.mail_body', { site: input.siteName })],
    button: { label: t('complete_signup.mail_button'), link: input.link },
    footnote: t('complete_signup.mail_ignore'),
  });
}
