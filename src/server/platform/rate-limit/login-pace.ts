import { and, eq, gt, gte, max, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rateLimits } from '../../db/schema';
import { rateLimitFor } from './rate-limit';

/** The longest an unknown device waits for its next log-in attempt on one account (seconds). */
export const PACE_MAX_S = 60;

/**
 * docs/product.md §10 Log-in limits: once an account had `limit` attempts from unknown devices
 * in the current login window, each further one waits 1 s, 2 s, 4 s … after the one before,
 * doubling with each attempt, at most PACE_MAX_S.
 * @returns the wait in seconds; 0 below the limit.
 */
export function paceDelayS(attempts: number, limit: number): number {
  if (attempts < limit) return 0;
  return Math.min(2 ** (attempts - limit), PACE_MAX_S);
}

/** The pace key of a member account: site + e-mail address, whether an account exists or not. */
export function memberPaceKey(site: string, email: string): string {
  return `loginPace:${site}:${email}`;
}

/** The pace key of an operator account (docs/product.md §13 Access): its e-mail address. */
export function operatorPaceKey(email: string): string {
  return `operatorPace:${email}`;
}

/**
 * Admits or refuses one log-in attempt on the account paced under `key` (memberPaceKey,
 * operatorPaceKey) from a device not known for it (docs/product.md §10 Log-in limits). Known
 * account or not, the same happens, so the answer tells nothing about it. Each admitted attempt
 * is a `rate_limits` row whose `window_start` is the moment it was admitted: the window's rows
 * give the count, the newest one the wait. Reading and writing happen under a
 * transaction-scoped advisory lock on the key, so parallel attempts from any number of
 * addresses or server processes share one opening. An attempt that turns out right is given
 * back with forgetAdmission: only failures count.
 * @returns allowed (with `admittedAt`, for forgetAdmission), or refused with the seconds until
 *   the next opening (1 … PACE_MAX_S).
 */
export async function admitUnknownDevice(
  ctx: AppContext,
  key: string,
): Promise<{ allowed: true; admittedAt: Date } | { allowed: false; retryAfterS: number }> {
  const { limit, windowMs } = rateLimitFor(ctx, 'login');
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - (now.getTime() % windowMs));
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    const [seen] = await tx
      .select({ attempts: sum(rateLimits.count).mapWith(Number), last: max(rateLimits.windowStart) })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gte(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
    const delayMs = paceDelayS(seen?.attempts ?? 0, limit) * 1000;
    const lastMs = seen?.last ? new Date(seen.last).getTime() : null;
    if (delayMs > 0 && lastMs !== null && now.getTime() - lastMs < delayMs) {
      return {
        allowed: false as const,
        retryAfterS: Math.max(1, Math.ceil((lastMs + delayMs - now.getTime()) / 1000)),
      };
    }
    await tx
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      });
    return { allowed: true as const, admittedAt: now };
  });
}

/** Gives back an attempt admitUnknownDevice admitted at `admittedAt` that turned out right. */
export async function forgetAdmission(ctx: AppContext, key: string, admittedAt: Date): Promise<void> {
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, admittedAt)));
}
