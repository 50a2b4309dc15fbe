import { memberMail, type MailRecipient } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * docs/product.md §10 Password and password reset: the mail with the reset link
 * (`link` = `<origin>/reset-password/do?token=…`, valid 60 minutes).
 */
export function passwordResetMail(input: MailRecipient & { link: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('password.mail_reset_subject', { site: input.siteName }),
    paragraphs: [t('password.mail_reset_body', { site: input.siteName })],
    button: { label: t('password.mail_reset_button'), link: input.link },
    footnote: t('password.mail_reset_ignore'),
  }));
}

/**
 * docs/product.md §10 Password and password reset: tells the member the password was changed,
 * with a link to /reset-password in case it was not them (`resetLink`).
 */
export function passwordChangedMail(input: MailRecipient & { resetLink: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('password.mail_changed_subject', { site: input.siteName }),
    paragraphs: [t('password.mail_changed_body', { site: input.siteName }), t('password.mail_changed_not_you')],
    button: { label: t('password.mail_changed_button'), link: input.resetLink },
  }));
}
