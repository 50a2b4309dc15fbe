import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { registerAllMessages } from '../../i18n/messages';
import type { MailMessage } from './mailer';

/**
 * The one look of every mail the product sends (docs/product.md §10 mails): a greeting,
 * paragraphs, an optional button, a small print line, and, for notification mails, an
 * unsubscribe link plus the `List-Unsubscribe` / `List-Unsubscribe-Post` headers
 * (RFC 8058 one-click). Texts arrive translated; this only escapes and lays them out.
 */

/** Escapes text for the HTML part. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface MailContent {
  from: string;
  to: string;
  locale: Locale;
  subject: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; link: string };
  /** Small print under the button (e.g. "If you did not ask for this, ignore this mail"). */
  footnote?: string;
  /** Notification mails: the one-click unsubscribe URL and the link text. */
  unsubscribe?: { link: string; label: string };
}

/** Builds the plain-text and HTML parts (and headers) of a mail. */
export function composeMail(content: MailContent): MailMessage {
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.button ? [content.button.link] : []),
    ...(content.footnote ? [content.footnote] : []),
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.link}`] : []),
  ].join('\n\n');
  const paragraphs = content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = content.button
    ? `<p><a href="${escapeHtml(content.button.link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#d6304f;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(content.button.label)}</a></p>`
    : '';
  const footnote = content.footnote
    ? `<p style="color:#6b5a62;font-size:14px">${escapeHtml(content.footnote)}</p>`
    : '';
  const unsubscribe = content.unsubscribe
    ? `<p style="color:#6b5a62;font-size:13px"><a href="${escapeHtml(content.unsubscribe.link)}" style="color:#6b5a62">${escapeHtml(content.unsubscribe.label)}</a></p>`
    : '';
  return {
    from: content.from,
    to: content.to,
    subject: content.subject,
    text: `${text}\n`,
    html: `<!doctype html><html lang="${content.locale}"><body style="font-family:system-ui,sans-serif;color:#2a1f24;line-height:1.5">
<p>${escapeHtml(content.greeting)}</p>${paragraphs}
${button}${footnote}${unsubscribe}</body></html>`,
    ...(content.unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${content.unsubscribe.link}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

/** Who a mail to a member goes to and from, in the member's language. */
export interface MailRecipient {
  to: string;
  /** The member's first name, for the greeting. */
  name: string;
  locale: Locale;
  from: string;
  siteName: string;
}

/** A translator of the member's language (i18next `t`). */
export type Translate = ReturnType<typeof getI18n>['t'];

/**
 * A mail to a member in their language: addressed from `recipient`, greeted by first name,
 * with the subject, paragraphs, button, footnote and unsubscribe link that `parts` builds
 * with the member's translator.
 */
export function memberMail(
  recipient: MailRecipient,
  parts: (t: Translate) => Omit<MailContent, 'from' | 'to' | 'locale' | 'greeting'>,
): MailMessage {
  registerAllMessages();
  const t = getI18n(recipient.locale).t;
  return composeMail({
    from: recipient.from,
    to: recipient.to,
    locale: recipient.locale,
    greeting: t('mail.greeting', { name: recipient.name }),
    ...parts(t),
  });
}
