import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { fetchPostbackAttempts } from '../../stores/admin/affiliates';
import { ErrorAlert } from './AdminLoadState';
import { formatTime, useAdminLoad } from './use-admin-load';

/** The attempts to send one postback, oldest first: when, the HTTP answer (or why none), how long it took. */
export function PostbackAttempts({ locale, id, version }: { locale: ConsoleLocale; id: number; version: number }) {
  const t = consoleT(locale);
  const load = useAdminLoad(fetchPostbackAttempts, { id, version });
  if (load.error) return <ErrorAlert locale={locale} error={load.error} />;
  if (!load.data) return <p className="muted">{t('postbacks.loading_attempts')}</p>;
  if (load.data.attempts.length === 0) return <p className="muted">{t('postbacks.not_attempted')}</p>;
  return (
    <ol className="admin-attempts">
      {load.data.attempts.map((attempt) => (
        <li key={attempt.attemptedAt}>
          {formatTime(locale, attempt.attemptedAt)}:{' '}
          {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : t('postbacks.no_answer')}
          {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ''}, {attempt.latencyMs} ms
        </li>
      ))}
    </ol>
  );
}
