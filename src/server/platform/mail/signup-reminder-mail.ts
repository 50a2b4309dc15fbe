import { memberMail, type MailRecipient } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * docs/product.md §10 Complete-signup reminder: the one mail sent to a member who stopped the
 * signup wizard, with a one-time link (`link` = `<origin>/complete-signup?token=…`) that logs
 * them in and resumes the wizard.
 */
export function signupReminderMail(input: MailRecipient & { link: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('complete_signup.mail_subject', { site: input.siteName }),
    paragraphs: [t('complete_signup.mail_body', { site: input.siteName })],
    button: { label: t('complete_signup.mail_button'), link: input.link },
    footnote: t('complete_signup.mail_ignore'),
  }));
}
