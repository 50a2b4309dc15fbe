import { and, eq } from 'drizzle-orm';
import type { PushPayload, PushSubscriptionJson } from '~/shared/contracts/push';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { pushSubscriptions } from '../db/schema';

export const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * True for endpoints we may POST to: https push services, never loopback —
 * except with `allowInsecure`, for the tests' stand-in push service on
 * 127.0.0.1. Anything else would let a member make the server call arbitrary
 * addresses.
 */
export function isAllowedEndpoint(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && (!LOOPBACK.test(url.hostname) || allowInsecure);
}

/**
 * Stores a subscription for the member (docs/product.md §7 `POST /api/user.php?push=1`). An
 * endpoint already stored moves to this member (one browser, one owner).
 */
export async function saveSubscription(
  ctx: AppContext,
  userId: number,
  subscription: PushSubscriptionJson,
  userAgent: string | null,
): Promise<Result<{ created: boolean }, 'validation_failed'>> {
  if (!isAllowedEndpoint(subscription.endpoint, ctx.config.pushAllowInsecureEndpoints)) {
    return fail('validation_failed', undefined, [{ path: 'subscription.endpoint', message: 'push.invalid_endpoint' }]);
  }
  const [existing] = await ctx.db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
    .limit(1);
  await ctx.db
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: userAgent?.slice(0, 512) ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    });
  return ok({ created: !existing || existing.userId !== userId });
}

/** Removes one of the member's subscriptions (no-op for unknown or someone else's endpoint). */
export async function removeSubscription(ctx: AppContext, userId: number, endpoint: string): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * Sends a push to every subscription of a member; subscriptions the push service
 * reports gone (404/410) are deleted. Failures of one subscription are logged,
 * not thrown. @returns how many pushes were accepted.
 */
export async function sendPushToUser(ctx: AppContext, userId: number, payload: PushPayload): Promise<number> {
  const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let sent = 0;
  for (const row of rows) {
    try {
      const outcome = await ctx.push.send(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        payload,
      );
      if (outcome === 'gone') await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      else sent++;
    } catch (error) {
      ctx.log.warn('push failed', { userId, endpointHost: new URL(row.endpoint).host, error });
    }
  }
  return sent;
}
