import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { AdminLoad } from './use-admin-load';

/**
 * What a console section shows while its data is not there: the error with a retry, or
 * "Loading…" before the first answer (later loads keep the previous data on screen).
 */
export function LoadProblem<T>({ locale, load }: { locale: ConsoleLocale; load: AdminLoad<T> }) {
  const t = consoleT(locale);
  return (
    <>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {t(load.error.key, load.error.values ?? {})}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
            {t('common.try_again')}
          </button>
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">{t('common.loading')}</p>}
    </>
  );
}

/** The error paragraph of a console form or action (nothing without an error). */
export function ErrorAlert({
  locale,
  error,
}: {
  locale: ConsoleLocale;
  error: { key: string; values?: Record<string, string | number> } | null;
}) {
  if (!error) return null;
  return (
    <p className="alert alert-danger" role="alert">
      {consoleT(locale)(error.key, error.values ?? {})}
    </p>
  );
}

/**
 * Newer / Older buttons of a list paged by id (keyset): `pages` holds the `before` id of each
 * page opened so far; Older adds the last row's id, Newer drops one.
 */
export function KeysetPager({
  locale,
  pages,
  onPages,
  hasMore,
  lastId,
}: {
  locale: ConsoleLocale;
  pages: number[];
  onPages(pages: number[]): void;
  hasMore: boolean;
  lastId: number | undefined;
}) {
  const t = consoleT(locale);
  return (
    <div className="admin-actions">
      {pages.length > 0 && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onPages(pages.slice(0, -1))}>
          {t('common.newer')}
        </button>
      )}
      {hasMore && lastId !== undefined && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onPages([...pages, lastId])}>
          {t('common.older')}
        </button>
      )}
    </div>
  );
}
