import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { registerAllMessages } from '../i18n/messages';
import type { MailMessage } from './mailer';

/** Escapes text for the HTML part. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

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
  const subject = t('mail.activation_subject', { site: input.siteName });
  const greeting = t('mail.greeting', { name: input.name });
  const body = t('mail.activation_body', { site: input.siteName });
  const button = t('mail.activation_button');
  const ignore = t('mail.activation_ignore');
  return {
    from: input.from,
    to: input.to,
    subject,
    text: `${greeting}\n\n${body}\n\n${input.link}\n\n${ignore}\n`,
    html: `<!doctype html><html lang="${input.locale}"><body style="font-family:system-ui,sans-serif;color:#2a1f24;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#d6304f;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p style="color:#6b5a62;font-size:14px">${escapeHtml(ignore)}</p></body></html>`,
  };
}
