import { LRUCache } from 'lru-cache';

/**
 * Short-lived cache of search result counts per filter set. Counting every
 * matching member on each page view is the most expensive part of a search
 * (a whole index over a million members); a count a few seconds old is fine
 * for "N members found". After COUNT_TTL_MS the old count is still answered
 * while one background query refreshes it, and concurrent misses share one query.
 */
export const COUNT_TTL_MS = 30_000;

export type CountCache = LRUCache<string, number, () => Promise<number>>;

/** A per-process count cache (at most 5,000 filter sets). */
export function createCountCache(): CountCache {
  return new LRUCache<string, number, () => Promise<number>>({
    max: 5_000,
    ttl: COUNT_TTL_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/**
 * The count for `key`: fresh from the cache, stale while `compute()` refreshes
 * it, or (first time) the result of `compute()`.
 * @throws the error of `compute()` when there is no earlier count to fall back to.
 */
export async function cachedCount(cache: CountCache, key: string, compute: () => Promise<number>): Promise<number> {
  const value = await cache.fetch(key, { context: compute });
  return value ?? compute();
}
