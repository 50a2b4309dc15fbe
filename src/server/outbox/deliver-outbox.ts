import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { emailActivations, outboxMessages } from '../db/schema';
import { backoffMs, claimLeased, drainLeased, type LeasedTable } from '../platform/jobs/lease-queue';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { sendPushToUser } from '../push';
import { deliverNotice } from './notices';
import type { QueuedMail, QueuedPush } from './outbox';

/** The longest wait between two attempts (ms). */
export const OUTBOX_MAX_BACKOFF_MS = 60 * 60_000;
/** A mail or push not delivered within this time after it was queued is given up (ms). */
export const OUTBOX_RETRY_WINDOW_MS = 72 * 60 * 60_000;
/** Delivered and given-up rows (their payload already cleared) are deleted after this time (ms). */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60_000;
const BATCH = 20;
const PARALLEL = 4;

const OUTBOX_QUEUE: LeasedTable = {
  table: outboxMessages,
  id: outboxMessages.id,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  leaseToken: outboxMessages.leaseToken,
  leaseUntil: outboxMessages.leaseUntil,
};

type Claimed = typeof outboxMessages.$inferSelect;

/** Rows this process is attempting now (see claimLeased's `exclude`). */
const attempting = new Set<number>();

let claiming: Promise<unknown> = Promise.resolve();

/**
 * Claims a round of due rows. The claims of this process run one at a time and mark their rows as
 * being attempted before the next claim starts, so one process never attempts a row twice, even
 * when the lease of a slow attempt ran out (or a test moved the clock past it).
 */
function claimDue(ctx: AppContext): Promise<Claimed[]> {
  const claim = claiming.then(async () => {
    const { ids, leaseToken } = await claimLeased(ctx.db, OUTBOX_QUEUE, {
      now: ctx.clock.now(),
      limit: BATCH,
      leaseMs: ctx.config.outbox.timeoutMs + 5_000,
      exclude: [...attempting],
    });
    for (const id of ids) attempting.add(id);
    if (ids.length === 0) return [];
    try {
      const rows = await ctx.db
        .select()
        .from(outboxMessages)
        .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.leaseToken, leaseToken)));
      // A row gone since the claim (deleted, or its lease taken over) is not attempted here, so it
      // must not stay excluded: its id could come back (a table emptied with RESTART IDENTITY).
      const found = new Set(rows.map((row) => row.id));
      for (const id of ids) if (!found.has(id)) attempting.delete(id);
      return rows;
    } catch (error) {
      for (const id of ids) attempting.delete(id);
      throw error;
    }
  });
  claiming = claim.catch(() => undefined);
  return claim;
}

/** The Message-ID of an outbox mail: the same on every attempt, so a receiver can drop a repeat. */
function messageIdOf(ctx: AppContext, row: Claimed): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(ctx.config.mailFrom)?.[1] ?? 'localhost';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

/** One attempt; throws when it should be retried. */
async function attempt(ctx: AppContext, row: Claimed): Promise<void> {
  if (row.kind === 'mail') {
    const mail = row.payload as unknown as QueuedMail;
    await ctx.mailer.send({ ...mail.message, messageId: messageIdOf(ctx, row) });
  } else if (row.kind === 'push') {
    // Push services are best effort: a refused or gone subscription is logged (and pruned) by
    // sendPushToUser; only a database failure makes this throw and retry.
    await sendPushToUser(ctx, row.userId!, (row.payload as unknown as QueuedPush).payload);
  } else {
    await deliverNotice(ctx, row.purpose, row.userId!, row.payload ?? {});
  }
}

async function deliver(ctx: AppContext, row: Claimed): Promise<'delivered' | 'retry' | 'failed'> {
  try {
    return await attemptAndRecord(ctx, row);
  } finally {
    // Only once the outcome is written may this process claim the row again.
    attempting.delete(row.id);
  }
}

async function attemptAndRecord(ctx: AppContext, row: Claimed): Promise<'delivered' | 'retry' | 'failed'> {
  let error: string | null = null;
  try {
    await attempt(ctx, row);
  } catch (caught) {
    error = (caught as { code?: string }).code ?? (caught as Error).name ?? 'error';
    ctx.log.warn('outbox attempt failed', {
      outboxId: row.id,
      purpose: row.purpose,
      userId: row.userId,
      error: caught,
    });
  }
  const now = ctx.clock.now();
  const delivered = error === null;
  const nextAttemptAt = new Date(
    now.getTime() + backoffMs(ctx.config.outbox.retryBaseMs, row.attempts, OUTBOX_MAX_BACKOFF_MS),
  );
  const givenUp = !delivered && nextAttemptAt.getTime() > row.createdAt.getTime() + OUTBOX_RETRY_WINDOW_MS;
  const outcome = delivered ? 'delivered' : givenUp ? 'failed' : 'retry';
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(outboxMessages)
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: outcome === 'retry' ? nextAttemptAt : now,
        leaseToken: null,
        leaseUntil: null,
        lastError: error,
        // The rendered mail may hold a single-use link: it is kept only until it is sent.
        ...(outcome === 'retry' ? {} : { payload: null }),
      })
      .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.leaseToken, row.leaseToken!)))
      .returning({ id: outboxMessages.id });
    const activationId =
      delivered && row.kind === 'mail' && (row.payload as unknown as QueuedMail).onDelivered?.activationId;
    if (updated && activationId) {
      await tx.update(emailActivations).set({ deliveredAt: now }).where(eq(emailActivations.id, activationId));
    }
  });
  if (delivered) ctx.log.info('outbox delivered', { outboxId: row.id, purpose: row.purpose, attempt: row.attempts });
  return outcome;
}

/**
 * docs/architecture.md §5 Outbox: delivers every due mail, push and notice (claimed 20 at a time,
 * 4 in parallel) until none is due. Safe in several processes at once: each row is claimed by one
 * sender; a failed attempt is retried after 30 s (OUTBOX_RETRY_BASE_MS), doubling up to 1 h, for 72 h.
 * @returns how many attempts were made, and how many delivered.
 */
export async function deliverDueOutbox(ctx: AppContext): Promise<{ attempts: number; delivered: number }> {
  return drainLeased(
    () => claimDue(ctx),
    (row) => deliver(ctx, row),
    PARALLEL,
    ctx.lifecycle.draining,
  );
}

/** Deletes delivered and given-up rows older than OUTBOX_KEEP_MS (their payload is already gone). */
export async function pruneOutbox(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - OUTBOX_KEEP_MS);
  await ctx.db
    .delete(outboxMessages)
    .where(and(ne(outboxMessages.status, 'pending'), lt(outboxMessages.createdAt, cutoff)));
}

interface Nudge {
  running: Promise<void> | null;
  again: boolean;
}
const nudges = new WeakMap<AppContext, Nudge>();
const inFlight = new Set<Promise<void>>();

/**
 * Starts a delivery round in the background right after a commit that queued something, so mails
 * go out within a second instead of at the next tick of the `outbox` job. A nudge while a round
 * runs makes it go round once more. Never throws (a failure is logged; the job retries).
 */
export function nudgeOutbox(ctx: AppContext): void {
  const state = nudges.get(ctx) ?? { running: null, again: false };
  nudges.set(ctx, state);
  if (state.running) {
    state.again = true;
    return;
  }
  const run = (async () => {
    do {
      state.again = false;
      await deliverDueOutbox(ctx).catch((error: unknown) => ctx.log.warn('outbox delivery failed', { error }));
    } while (state.again);
  })().finally(() => {
    state.running = null;
    inFlight.delete(run);
  });
  state.running = run;
  inFlight.add(run);
}

/**
 * Nudges the outbox and waits for that delivery round (callers whose answer already waited for a
 * send, e.g. the welcome push of a new subscription). Never throws.
 */
export async function nudgeOutboxAndWait(ctx: AppContext): Promise<void> {
  nudgeOutbox(ctx);
  await nudges.get(ctx)?.running;
}

/** Waits until every delivery round started by a nudge so far has ended (tests, shutdown). */
export async function settleOutbox(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** The `outbox` job (src/server/lifecycle/all-jobs.ts). */
export const outboxDeliveryJob: PeriodicJob = {
  name: 'outbox',
  owns: 'outbox_messages: delivers due mails, pushes and notices; prunes delivered rows after 7 days',
  everyMs: 5_000,
  run: async (ctx) => {
    await deliverDueOutbox(ctx);
    await pruneOutbox(ctx);
  },
};
