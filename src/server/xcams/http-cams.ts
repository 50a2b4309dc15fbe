import { z } from 'zod';
import { camSchema } from '~/shared/contracts/xcams';
import type { Logger } from '../log/logger';
import type { CamProvider, CamQuery, FeedCam } from './cam-provider';

const feedSchema = z.object({
  cams: z
    .array(
      camSchema.extend({
        url: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .default(null),
      }),
    )
    .max(500),
});

/** How long one feed answer is reused, per query (ms). */
export const FEED_CACHE_MS = 60_000;
/** The feed must answer within this time (ms); the grid shows no cams otherwise. */
export const FEED_TIMEOUT_MS = 2_500;

/**
 * The partner's HTTP feed: `GET {feedUrl}?gender=&min_age=&max_age=` answering
 * `{ cams: [{ account, name, age, gender, image, live, viewers, url }] }`.
 * Answers are validated (a bad feed yields an error, not bad cards) and cached
 * for FEED_CACHE_MS per query; `find` looks in every cached answer.
 * @throws Error when the feed is unreachable, slow or malformed.
 */
export function createHttpCamProvider(feedUrl: string, log: Logger, fetchImpl: typeof fetch = fetch): CamProvider {
  const cache = new Map<string, { at: number; cams: FeedCam[] }>();
  const load = async (query: CamQuery): Promise<FeedCam[]> => {
    const url = new URL(feedUrl);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    const hit = cache.get(url.href);
    if (hit && Date.now() - hit.at < FEED_CACHE_MS) return hit.cams;
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`cam feed answered ${response.status}`);
    const parsed = feedSchema.safeParse(await response.json());
    if (!parsed.success) {
      log.warn('cam feed answer rejected', { issues: parsed.error.issues.slice(0, 3) });
      throw new Error('cam feed answer is malformed');
    }
    const cams = parsed.data.cams.map((cam): FeedCam => ({ ...cam, imageIsLocal: false }));
    cache.set(url.href, { at: Date.now(), cams });
    return cams;
  };
  return {
    kind: 'http',
    search: load,
    find: async (account) => {
      for (const entry of cache.values()) {
        const cam = entry.cams.find((c) => c.account === account);
        if (cam) return cam;
      }
      return (await load({})).find((c) => c.account === account) ?? null;
    },
  };
}
