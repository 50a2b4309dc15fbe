import { LRUCache } from 'lru-cache';

/**
 * Keyset cursors for deep search pages (performance). The search list
 * is ordered by (last_active_at DESC, id DESC); the cursor of page p is the
 * key of its last row, so page p+1 is "the next pp rows after that key" — an
 * index range scan as cheap as page 1, however deep. Cursors of every page up
 * to the one asked for are computed in one index-only pass and kept for
 * CURSOR_TTL_MS per filter set; after that they are still used while one
 * background pass renews them (members who went online meanwhile shift pages
 * by a few rows, exactly as with OFFSET paging).
 */
export const CURSOR_TTL_MS = 30_000;

/** A row key in the search order: `at` is last_active_at as PostgreSQL prints it (microseconds kept). */
export interface PageCursor {
  at: string;
  id: number;
}

/** Filter-set key → (page number → cursor of that page's last row). */
export type CursorCache = LRUCache<string, Map<number, PageCursor>>;

/** A per-process cursor cache (at most 2,000 filter sets). */
export function createCursorCache(): CursorCache {
  return new LRUCache<string, Map<number, PageCursor>>({
    max: 2_000,
    ttl: CURSOR_TTL_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
  });
}

/** The cursor that ends page `page` of a filter set, if known, and whether the set's cursors are due for renewal. */
export function cursorOf(
  cache: CursorCache,
  key: string,
  page: number,
): { cursor: PageCursor | undefined; stale: boolean } {
  const cursor = cache.get(key)?.get(page);
  return { cursor, stale: cursor !== undefined && cache.getRemainingTTL(key) <= 0 };
}

/** Adds cursors (page → key) to a filter set's cursors (keeping its age). */
export function rememberCursors(cache: CursorCache, key: string, cursors: Iterable<[number, PageCursor]>): void {
  const existing = cache.get(key);
  if (!existing) {
    cache.set(key, new Map(cursors));
    return;
  }
  for (const [page, cursor] of cursors) existing.set(page, cursor);
}

/** Replaces a filter set's cursors with freshly computed ones (a new CURSOR_TTL_MS starts). */
export function replaceCursors(cache: CursorCache, key: string, cursors: Iterable<[number, PageCursor]>): void {
  cache.set(key, new Map(cursors));
}
