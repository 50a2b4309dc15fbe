import type { AdminLoad } from './use-admin-load';

/**
 * What a console section shows while its data is not there: the error with a retry, or
 * "Loading…" before the first answer (later loads keep the previous data on screen).
 */
export function LoadProblem<T>({ load }: { load: AdminLoad<T> }) {
  return (
    <>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {load.error}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
            Try again
          </button>
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">Loading…</p>}
    </>
  );
}

/**
 * Newer / Older buttons of a list paged by id (keyset): `pages` holds the `before` id of each
 * page opened so far; Older adds the last row's id, Newer drops one.
 */
export function KeysetPager({
  pages,
  onPages,
  hasMore,
  lastId,
}: {
  pages: number[];
  onPages(pages: number[]): void;
  hasMore: boolean;
  lastId: number | undefined;
}) {
  return (
    <div className="admin-actions">
      {pages.length > 0 && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onPages(pages.slice(0, -1))}>
          Newer
        </button>
      )}
      {hasMore && lastId !== undefined && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onPages([...pages, lastId])}>
          Older
        </button>
      )}
    </div>
  );
}
