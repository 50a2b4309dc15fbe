import { lt, sql } from 'drizzle-orm';
import { fail, type Failure } from '~/shared/errors';
import type { AppContext } from '../context';
import { rateLimits } from '../db/schema';

export type RateLimitName = 'login' | 'signup' | 'emailCheck';

/** Limits per action: at most `limit` hits per `windowMs` per key (login and signup from the config). */
export function rateLimitFor(ctx: AppContext, name: RateLimitName): { limit: number; windowMs: number } {
  switch (name) {
    case 'login':
      return { limit: ctx.config.rateLimits.loginsPer10Min, windowMs: 10 * 60_000 };
    case 'signup':
      return { limit: ctx.config.rateLimits.signupsPerHour, windowMs: 60 * 60_000 };
    case 'emailCheck':
      return { limit: 60, windowMs: 10 * 60_000 };
  }
}

/**
 * Counts one hit for `key` in the current fixed window, in the database so that
 * every server process shares the counter.
 * @returns allowed=false once the limit is passed, with seconds until the window ends.
 */
export async function hitRateLimit(
  ctx: AppContext,
  name: RateLimitName,
  key: string,
): Promise<{ allowed: boolean; retryAfterS: number }> {
  const { limit, windowMs } = rateLimitFor(ctx, name);
  const now = ctx.clock.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key: `${name}:${key}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // A new window started: drop windows older than a day so the table stays small.
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 24 * 60 * 60_000)));
  }
  return {
    allowed: count <= limit,
    retryAfterS: Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
  };
}

/** The `rate_limited` failure for a refused hit; the API sends `retryAfterS` as Retry-After (seconds). */
export function rateLimited(retryAfterS: number): Failure<'rate_limited'> {
  return { ...fail('rate_limited'), retryAfterS };
}
