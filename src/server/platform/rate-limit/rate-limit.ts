import { and, eq, lt, sql } from 'drizzle-orm';
import { fail, type Failure } from '~/shared/errors';
import type { AppContext } from '../../context';
import { rateLimits } from '../../db/schema';
import type { RateLimitName } from '~/shared/contracts/rate-limits';

export type { RateLimitName };

/** Limits per action: at most `limit` hits per `windowMs` per key (login and signup from the config). */
export function rateLimitFor(ctx: AppContext, name: RateLimitName): { limit: number; windowMs: number } {
  switch (name) {
    case 'login':
      return { limit: ctx.config.rateLimits.loginsPer10Min, windowMs: 10 * 60_000 };
    case 'signup':
      return { limit: ctx.config.rateLimits.signupsPerHour, windowMs: 60 * 60_000 };
    case 'emailCheck':
      return { limit: ctx.config.rateLimits.emailChecksPer10Min, windowMs: 10 * 60_000 };
    // docs/product.md §10 Password and password reset: the current password is guessed like a login.
    case 'passwordChange':
      return { limit: ctx.config.rateLimits.loginsPer10Min, windowMs: 10 * 60_000 };
    // Reset requests (docs/product.md §10): per client address, and per e-mail address (known or
    // not, the same) and requester — a client address, or the console — never for everyone at once.
    case 'passwordReset':
      return { limit: 20, windowMs: 60 * 60_000 };
    case 'passwordResetAccount':
      return { limit: 5, windowMs: 60 * 60_000 };
    // docs/product.md §2 activate-reminder: "send the link again" at most once a minute, 5 times a day.
    case 'activationResend':
      return { limit: 1, windowMs: 60_000 };
    case 'activationResendDaily':
      return { limit: 5, windowMs: 24 * 60 * 60_000 };
    // docs/product.md §10 Data export: at most 3 exports asked for a day.
    case 'dataExport':
      return { limit: 3, windowMs: 24 * 60 * 60_000 };
    // docs/product.md §10 E-mail change: the current password is guessed like a login; a new
    // confirmation link at most 5 times an hour; link tokens from one address at most 30 an hour.
    case 'emailChange':
      return { limit: ctx.config.rateLimits.loginsPer10Min, windowMs: 10 * 60_000 };
    case 'emailChangeResend':
      return { limit: 5, windowMs: 60 * 60_000 };
    case 'emailChangeLink':
      return { limit: 30, windowMs: 60 * 60_000 };
    // docs/product.md §9: reports per member per hour; photo bytes per member per UTC day (§10 Photos).
    case 'report':
      return { limit: ctx.config.rateLimits.reportsPerHour, windowMs: 60 * 60_000 };
    case 'uploadBytes':
      return { limit: ctx.config.photos.uploadBytesPerDay, windowMs: 24 * 60 * 60_000 };
    // docs/product.md §13 Access: operator passwords as member log-ins (per address and per
    // e-mail address); second-factor codes 5 per 10 minutes per operator, so 10⁶ codes cannot be tried.
    case 'operatorLogin':
      return { limit: ctx.config.rateLimits.loginsPer10Min, windowMs: 10 * 60_000 };
    case 'operatorCode':
      return { limit: 5, windowMs: 10 * 60_000 };
    // docs/product.md §11 Limits: purchases started per member (each is a provider payment),
    // webhooks per client address, and provider look-ups of a payment id we do not know.
    case 'paymentStart':
      return { limit: 10, windowMs: 10 * 60_000 };
    case 'paymentWebhook':
      return { limit: 120, windowMs: 60_000 };
    case 'paymentLookup':
      return { limit: 1, windowMs: 60_000 };
  }
}

/** The current fixed window of `name` (aligned to the epoch, so daily windows are UTC days). */
function currentWindow(ctx: AppContext, name: RateLimitName) {
  const { limit, windowMs } = rateLimitFor(ctx, name);
  const now = ctx.clock.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  return { limit, now, windowStart, retryAfterS: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) };
}

/**
 * Counts one hit (or `amount`, e.g. bytes) for `key` in the current fixed window, in the
 * database so that every server process shares the counter. It is counted even when refused.
 * @returns allowed=false once the limit is passed, with seconds until the window ends, and the
 *   window the hit was counted in (for refundRateLimit).
 */
export async function hitRateLimit(
  ctx: AppContext,
  name: RateLimitName,
  key: string,
  amount = 1,
): Promise<{ allowed: boolean; retryAfterS: number; windowStart: Date }> {
  const { limit, now, windowStart, retryAfterS } = currentWindow(ctx, name);
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key: `${name}:${key}`, windowStart, count: amount })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${amount}` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? amount;
  if (count === amount) {
    // A new window started: drop windows older than a day so the table stays small.
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 24 * 60 * 60_000)));
  }
  return { allowed: count <= limit, retryAfterS, windowStart };
}

/**
 * Gives back `amount` that hitRateLimit counted for `key` in the window starting at `windowStart`
 * — for limits that count failures only: a log-in that turned out right (docs/product.md §10
 * Log-in limits). Counting first and giving back afterwards keeps parallel attempts from passing
 * the limit together. Never goes below zero; a window already gone stays gone.
 */
export async function refundRateLimit(
  ctx: AppContext,
  name: RateLimitName,
  key: string,
  windowStart: Date,
  amount = 1,
): Promise<void> {
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${amount}, 0)` })
    .where(and(eq(rateLimits.key, `${name}:${key}`), eq(rateLimits.windowStart, windowStart)));
}

/**
 * Takes `amount` (e.g. bytes) from `key`'s allowance in the current fixed window only when the
 * total stays within the limit; a refused amount is not counted. One statement, so parallel
 * calls (in any process) cannot pass the limit together.
 * @returns allowed=false when it would pass the limit, with seconds until the window ends.
 */
export async function takeQuota(
  ctx: AppContext,
  name: RateLimitName,
  key: string,
  amount: number,
): Promise<{ allowed: boolean; retryAfterS: number }> {
  const { limit, windowStart, retryAfterS } = currentWindow(ctx, name);
  if (amount > limit) return { allowed: false, retryAfterS };
  const rows = await ctx.db
    .insert(rateLimits)
    .values({ key: `${name}:${key}`, windowStart, count: amount })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${amount}` },
      setWhere: sql`${rateLimits.count} + ${amount} <= ${limit}`,
    })
    .returning({ count: rateLimits.count });
  return { allowed: rows.length > 0, retryAfterS };
}

/**
 * Gives back `amount` taken by `takeQuota` for `key` in the current window (never below 0), for
 * an action that could not be carried out (e.g. the provider was unreachable).
 */
export async function returnQuota(ctx: AppContext, name: RateLimitName, key: string, amount: number): Promise<void> {
  const { windowStart } = currentWindow(ctx, name);
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`greatest(0, ${rateLimits.count} - ${amount})` })
    .where(and(eq(rateLimits.key, `${name}:${key}`), eq(rateLimits.windowStart, windowStart)));
}

/** The `rate_limited` failure for a refused hit; the API sends `retryAfterS` as Retry-After (seconds). */
export function rateLimited(retryAfterS: number): Failure<'rate_limited'> {
  return { ...fail('rate_limited'), retryAfterS };
}
