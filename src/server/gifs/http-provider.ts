import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Gif } from '~/shared/contracts/chat';
import type { Logger } from '../log/logger';
import type { GifProvider } from './gif-provider';
import { OFFLINE_ID_PREFIX } from './offline-provider';

/** The GIF service must answer within this time (ms); the built-in set is shown otherwise. */
export const GIF_API_TIMEOUT_MS = 2_500;
/** How long one answer of the GIF service is reused (ms). */
export const GIF_CACHE_MS = 5 * 60_000;

const mediaSchema = z.object({
  url: z.url({ protocol: /^https$/ }),
  dims: z.tuple([z.number().int().positive(), z.number().int().positive()]),
});
const answerSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
        title: z.string().max(500).optional(),
        content_description: z.string().max(500).optional(),
        media_formats: z.object({ gif: mediaSchema, tinygif: mediaSchema.optional() }),
      }),
    )
    .max(100),
});
type Result = z.infer<typeof answerSchema>['results'][number];

/** Scales (w, h) down to fit 498 px wide at most, as chat bubbles show them. */
function fit([width, height]: [number, number]): { width: number; height: number } {
  const scale = Math.min(1, 498 / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toRef(result: Result): Gif {
  const preview = result.media_formats.tinygif ?? result.media_formats.gif;
  return {
    id: result.id,
    url: result.media_formats.gif.url,
    preview: preview.url,
    ...fit(result.media_formats.gif.dims),
    title: (result.content_description || result.title || 'GIF').slice(0, 200),
  };
}

/**
 * A GIF service with the Tenor v2 API shape (`GIF_API_URL`, default
 * https://tenor.googleapis.com/v2, key `GIF_API_KEY`): `/search?q=` or
 * `/featured` with `locale` = the GIF-service locale (en_US, …), and `/posts?ids=`
 * to resolve an id a member sends. Answers are validated (https media only)
 * and cached GIF_CACHE_MS. When the service fails or is slow, searches fall
 * back to `fallback` (the built-in set, whose ids it also resolves).
 */
export function createHttpGifProvider(
  options: { apiUrl: string; apiKey: string; fallback: GifProvider; log: Logger },
  fetchImpl: typeof fetch = fetch,
): GifProvider {
  const answers = new LRUCache<string, Gif[]>({ max: 500, ttl: GIF_CACHE_MS });
  const known = new LRUCache<string, Gif>({ max: 5_000, ttl: GIF_CACHE_MS * 12 });
  const call = async (path: string, params: Record<string, string>): Promise<Gif[]> => {
    const url = new URL(`${options.apiUrl.replace(/\/$/, '')}/${path}`);
    for (const [key, value] of Object.entries({
      ...params,
      key: options.apiKey,
      client_key: 'amora',
      media_filter: 'gif,tinygif',
      contentfilter: 'medium',
    })) {
      url.searchParams.set(key, value);
    }
    const cacheKey = url.href;
    const hit = answers.get(cacheKey);
    if (hit) return hit;
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(GIF_API_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GIF service answered ${response.status}`);
    const parsed = answerSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`GIF service answer is malformed: ${parsed.error.issues[0]?.message ?? ''}`);
    const gifs = parsed.data.results.map(toRef);
    for (const gif of gifs) known.set(gif.id, gif);
    answers.set(cacheKey, gifs);
    return gifs;
  };
  return {
    kind: 'http',
    async search(query, locale, limit) {
      try {
        const params = { locale, limit: String(limit) };
        return query.trim() ? await call('search', { ...params, q: query.trim() }) : await call('featured', params);
      } catch (error) {
        options.log.warn('GIF service failed; showing the built-in set', { error });
        return options.fallback.search(query, locale, limit);
      }
    },
    async get(id, locale) {
      if (id.startsWith(OFFLINE_ID_PREFIX)) return options.fallback.get(id, locale);
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
      const cached = known.get(id);
      if (cached) return cached;
      try {
        return (await call('posts', { ids: id, locale })).find((gif) => gif.id === id) ?? null;
      } catch (error) {
        options.log.warn('GIF service failed to resolve a GIF', { error, id });
        return null;
      }
    },
  };
}
