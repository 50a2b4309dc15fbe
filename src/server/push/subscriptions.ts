import { and, eq } from 'drizzle-orm';
import type { PushPayload, PushSubscriptionJson } from '~/shared/contracts/push';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { pushSubscriptions } from '../db/schema';
import { checkPushEndpoint, pushEndpointPolicy } from './endpoint-policy';

/**
 * Stores a subscription for the member (docs/product.md §7 `POST /api/user.php?push=1`). An
 * endpoint already stored moves to this member (one browser, one owner). The endpoint must pass
 * `checkPushEndpoint` (https, host resolving only to public unicast addresses, within
 * PUSH_ENDPOINT_DOMAINS when set), else `validation_failed` with `push.invalid_endpoint`.
 */
export async function saveSubscription(
  ctx: AppContext,
  userId: number,
  subscription: PushSubscriptionJson,
  userAgent: string | null,
): Promise<Result<{ created: boolean }, 'validation_failed'>> {
  if (!(await checkPushEndpoint(subscription.endpoint, pushEndpointPolicy(ctx.config)))) {
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
