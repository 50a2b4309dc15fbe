import { memberMail, type MailRecipient } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * Shows an address to its previous owner without spelling it out: first character, `***`, and
 * the domain (`n***@example.com`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * docs/product.md §10 E-mail change: the mail to the NEW address with the confirmation link
 * (`link` = `<origin>/mail-change/do?token=…`, valid 24 hours). `oldEmail` is named so the
 * member knows which account it is about.
 */
export function emailChangeConfirmMail(input: MailRecipient & { link: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('email_change.mail_confirm_subject', { site: input.siteName }),
    paragraphs: [t('email_change.mail_confirm_body', { site: input.siteName }), t('email_change.mail_confirm_until')],
    button: { label: t('email_change.mail_confirm_button'), link: input.link },
    footnote: t('email_change.mail_confirm_ignore'),
  }));
}

/**
 * docs/product.md §10 E-mail change: the notice to the OLD address that a change was asked for
 * (to `newEmail`, shown masked), with the undo link (`undoLink` =
 * `<origin>/notifications?undo=…#email-change-incorrect`, valid 7 days).
 */
export function emailChangeNoticeMail(input: MailRecipient & { newEmail: string; undoLink: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('email_change.mail_notice_subject', { site: input.siteName }),
    paragraphs: [
      t('email_change.mail_notice_body', { site: input.siteName, email: maskEmail(input.newEmail) }),
      t('email_change.mail_notice_if_you'),
      t('email_change.mail_notice_not_you'),
    ],
    button: { label: t('email_change.mail_notice_button'), link: input.undoLink },
    footnote: t('email_change.mail_notice_validity'),
  }));
}
