import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { postbackAttempts, postbacks } from '../db/schema';
import { backoffMs as leaseBackoffMs, claimLeased, drainLeased, type LeasedTable } from '../platform/jobs/lease-queue';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { maskPostbackUrl } from './postback-url';

/** docs/product.md §12: a postback is retried for up to 72 hours after its conversion (ms). */
export const POSTBACK_RETRY_WINDOW_MS = 72 * 60 * 60_000;
/** The longest wait between two attempts (ms). */
export const POSTBACK_MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** Rows one sender claims per round, and how many of them it sends at once. */
const BATCH = 20;
const PARALLEL = 4;

/** Delay before attempt `attempts + 1`: the base, doubled per failed attempt, at most 6 h (ms). */
export function backoffMs(retryBaseMs: number, attempts: number): number {
  return leaseBackoffMs(retryBaseMs, attempts, POSTBACK_MAX_BACKOFF_MS);
}

type Claimed = Pick<
  typeof postbacks.$inferSelect,
  'id' | 'network' | 'method' | 'url' | 'attempts' | 'createdAt' | 'leaseToken'
>;

const POSTBACK_QUEUE: LeasedTable = {
  table: postbacks,
  id: postbacks.id,
  status: postbacks.status,
  attempts: postbacks.attempts,
  nextAttemptAt: postbacks.nextAttemptAt,
  leaseToken: postbacks.leaseToken,
  leaseUntil: postbacks.leaseUntil,
};

/**
 * Claims up to `limit` due postbacks for this sender (the shared lease queue, jobs/lease-queue.ts:
 * concurrent senders in other processes claim other rows). The lease lasts one attempt's timeout
 * plus 5 s; a sender killed mid-attempt leaves the row to be claimed again when it ends.
 */
async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const { ids, leaseToken } = await claimLeased(ctx.db, POSTBACK_QUEUE, {
    now: ctx.clock.now(),
    limit,
    leaseMs: ctx.config.postbacks.timeoutMs + 5_000,
  });
  if (ids.length === 0) return [];
  return ctx.db
    .select({
      id: postbacks.id,
      network: postbacks.network,
      method: postbacks.method,
      url: postbacks.url,
      attempts: postbacks.attempts,
      createdAt: postbacks.createdAt,
      leaseToken: postbacks.leaseToken,
    })
    .from(postbacks)
    .where(and(inArray(postbacks.id, ids), eq(postbacks.leaseToken, leaseToken)));
}

/** One HTTP attempt: delivered only on a 2xx answer within the timeout (redirects are not followed). */
async function attempt(
  ctx: AppContext,
  row: Claimed,
): Promise<{ statusCode: number | null; error: string | null; latencyMs: number }> {
  const started = performance.now();
  try {
    const response = await fetch(row.url, {
      method: row.method,
      redirect: 'manual',
      signal: AbortSignal.timeout(ctx.config.postbacks.timeoutMs),
      headers: { 'user-agent': 'Amora-Postback/1' },
    });
    // The body is not needed; reading it frees the connection for the next postback.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      error: ok ? null : `http ${response.status}`,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const name = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause ?? (error as Error).name);
    return { statusCode: null, error: name, latencyMs: Math.round(performance.now() - started) };
  }
}

/** Sends one claimed postback and records the attempt; the row changes only while our lease holds. */
async function deliver(ctx: AppContext, row: Claimed): Promise<'delivered' | 'retry' | 'failed'> {
  const result = await attempt(ctx, row);
  const now = ctx.clock.now();
  const delivered = result.error === null;
  const nextAttemptAt = new Date(now.getTime() + backoffMs(ctx.config.postbacks.retryBaseMs, row.attempts));
  const givenUp = !delivered && nextAttemptAt.getTime() > row.createdAt.getTime() + POSTBACK_RETRY_WINDOW_MS;
  const outcome = delivered ? 'delivered' : givenUp ? 'failed' : 'retry';
  await ctx.db.transaction(async (tx) => {
    await tx.insert(postbackAttempts).values({
      postbackId: row.id,
      attemptedAt: now,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
    });
    await tx
      .update(postbacks)
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: delivered || givenUp ? now : nextAttemptAt,
        leaseToken: null,
        leaseUntil: null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
      })
      .where(and(eq(postbacks.id, row.id), eq(postbacks.leaseToken, row.leaseToken!)));
  });
  const fields = {
    postbackId: row.id,
    network: row.network,
    target: maskPostbackUrl(row.url),
    attempt: row.attempts,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    outcome,
  };
  if (delivered) ctx.log.info('postback delivered', fields);
  else ctx.log.warn('postback attempt failed', { ...fields, reason: result.error });
  return outcome;
}

/**
 * docs/product.md §12 Postbacks: sends every due postback (claimed in rounds of 20, 4 at a time)
 * until none is due. Safe in several processes at once: each row is claimed by one sender.
 * @returns how many attempts were made, and how many delivered.
 */
export async function deliverDuePostbacks(ctx: AppContext): Promise<{ attempts: number; delivered: number }> {
  return drainLeased(
    () => claimDue(ctx, BATCH),
    (row) => deliver(ctx, row),
    PARALLEL,
    ctx.lifecycle.draining,
  );
}

/** The `postbacks` job (src/server/lifecycle/all-jobs.ts). */
export const postbackDeliveryJob: PeriodicJob = {
  name: 'postbacks',
  owns: 'postbacks: delivers due affiliate postbacks (lease, retries)',
  everyMs: 5_000,
  run: async (ctx) => {
    await deliverDuePostbacks(ctx);
  },
};
