import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportMessage } from '~/shared/contracts/admin/moderation';
import { formatTime } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  messages: ReportMessage[];
}

/**
 * The reported conversation's last messages, oldest first (docs/product.md §13 Reports queue).
 * Texts are rendered as plain text (React escapes them), never as HTML.
 */
export function ReportConversation({ locale, messages }: Props) {
  const t = consoleT(locale);
  return (
    <section className="admin-report-section" aria-labelledby="report-conversation-title">
      <h3 id="report-conversation-title">{t('conversation.title', { count: messages.length })}</h3>
      {messages.length === 0 ? (
        <p className="muted">{t('conversation.empty')}</p>
      ) : (
        // Focusable: the list scrolls, and keyboard users must be able to scroll it.
        <ol className="admin-report-messages" tabIndex={0} aria-labelledby="report-conversation-title">
          {messages.map((message) => (
            <li key={message.id} data-by={message.byReported ? 'reported' : 'reporter'}>
              <p className="admin-report-message-head">
                <strong>{message.senderName}</strong>
                <span className="muted">
                  {' '}
                  ({message.byReported ? t('conversation.reported') : t('conversation.reporter')})
                </span>{' '}
                <time dateTime={message.createdAt}>{formatTime(locale, message.createdAt)}</time>
              </p>
              <p className="admin-report-message-text">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
