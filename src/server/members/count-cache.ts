import { LRUCache } from 'lru-cache';

/**
 * Short-lived cache of search result counts per filter set. Counting every
 * matching member on each page view is the most expensive part of a search;
 * a count a few seconds old is fine for "N members found".
 */
export const COUNT_TTL_MS = 30_000;

export type CountCache = LRUCache<string, number>;

/** A per-process count cache (entries expire after COUNT_TTL_MS; at most 5,000 filter sets). */
export function createCountCache(): CountCache {
  return new LRUCache<string, number>({ max: 5_000, ttl: COUNT_TTL_MS });
}

/** The cached count for `key`, or the result of `compute()` stored under it. */
export async function cachedCount(cache: CountCache, key: string, compute: () => Promise<number>): Promise<number> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = await compute();
  cache.set(key, value);
  return value;
}
