import { LRUCache } from 'lru-cache';
import type { SearchResponse } from '~/shared/contracts/search';
import type { Clock } from '../context';

/**
 * Short-lived cache of whole search answers for visitors (docs/architecture.md §5 Search caches):
 * a visitor's search depends only on the filters, the site's countries, the page and the day, so every visitor asking the same page (the landing traffic's `/members`, page 1 of common
 * filters) shares one answer for PAGE_TTL_MS; then the next visitor waits for a new one (an old
 * page is never given: a member who left must not linger), and concurrent misses share one query.
 * Members' searches are never cached here: they leave out the member and the members they
 * blocked or who blocked them.
 */
export const PAGE_TTL_MS = 10_000;

export type PageCache = LRUCache<string, SearchResponse, () => Promise<SearchResponse>>;

/**
 * A per-process cache of at most 1,000 answers (each ~10 KB: about 10 MB at most), whose ages
 * follow `clock` (the app clock, so tests can move time).
 */
export function createPageCache(clock: Clock): PageCache {
  return new LRUCache<string, SearchResponse, () => Promise<SearchResponse>>({
    max: 1_000,
    perf: { now: () => clock.now().getTime() },
    ttl: PAGE_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/**
 * The answer for `key`: from the cache while it is younger than PAGE_TTL_MS, else the result of
 * `compute()` (one call for all who ask meanwhile). @throws the error of `compute()`.
 */
export async function cachedPage(
  cache: PageCache,
  key: string,
  compute: () => Promise<SearchResponse>,
): Promise<SearchResponse> {
  const value = await cache.fetch(key, { context: compute });
  return value ?? compute();
}
