import { LRUCache } from 'lru-cache';

/**
 * Keyset cursors for deep search pages (issue 5 performance). The search list
 * is ordered by (last_active_at DESC, id DESC); the cursor of page p is the
 * key of its last row, so page p+1 is "the next pp rows after that key" — an
 * index range scan as cheap as page 1, however deep. Cursors of every page up
 * to the one asked for are computed in one index-only pass and kept for
 * CURSOR_TTL_MS per filter set, the same freshness as the result counts.
 */
export const CURSOR_TTL_MS = 30_000;

/** A row key in the search order: `at` is last_active_at as PostgreSQL prints it (microseconds kept). */
export interface PageCursor {
  at: string;
  id: number;
}

/** Filter-set key → (page number → cursor of that page's last row). */
export type CursorCache = LRUCache<string, Map<number, PageCursor>>;

/** A per-process cursor cache (at most 2,000 filter sets, CURSOR_TTL_MS each). */
export function createCursorCache(): CursorCache {
  return new LRUCache<string, Map<number, PageCursor>>({ max: 2_000, ttl: CURSOR_TTL_MS });
}

/** The cursor that ends page `page` of a filter set, if known. */
export function cursorOf(cache: CursorCache, key: string, page: number): PageCursor | undefined {
  return cache.get(key)?.get(page);
}

/** Stores cursors (page → key) for a filter set; the TTL starts when the set is first stored. */
export function rememberCursors(cache: CursorCache, key: string, cursors: Iterable<[number, PageCursor]>): void {
  const existing = cache.get(key);
  const map = existing ?? new Map<number, PageCursor>();
  for (const [page, cursor] of cursors) map.set(page, cursor);
  if (!existing) cache.set(key, map);
}
