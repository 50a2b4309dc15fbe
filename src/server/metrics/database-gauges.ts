/**
 * Gauges read from the database at scrape time (docs/architecture.md §5 Metrics): the depth and
 * oldest pending row of each outbox queue (mails, pushes and notices in `outbox_messages`, by
 * kind; affiliate postbacks in `postbacks`) and the payment transactions by status. Each is one
 * cheap aggregate over an indexed column (the pending rows' partial indexes, the transactions'
 * status index); the three queries run once per scrape and are shared by the gauges (a reading
 * serves each gauge once: a gauge asking again starts the next scrape's reading). A failing query leaves the gauges empty for that scrape and is
 * logged, so a database outage shows as missing series rather than stale numbers.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { queryRows } from '../db/raw';
import { outboxMessages, paymentTransactions, postbacks, TRANSACTION_STATUSES } from '../db/schema';
import { gauge, processState } from '../platform/metrics/define';

/** The outbox queues reported, always (0 when empty), so alerts see a series. */
const OUTBOX_QUEUES = ['mail', 'push', 'notice', 'postback'] as const;

interface Snapshot {
  queues: Map<string, { pending: number; oldestAgeS: number }>;
  payments: Map<string, number>;
}

const state = processState('database', () => ({
  ctx: null as Pick<AppContext, 'db' | 'clock' | 'log'> | null,
  /** The latest reading and the gauges that used it. */
  reading: null as { snapshot: Promise<Snapshot | null>; readers: Set<string> } | null,
}));

/**
 * Points the gauges at the process's database (called once the app context exists; tests call it
 * with their own context). Before that, or with `null`, the gauges stay empty.
 */
export function watchDatabaseForMetrics(ctx: Pick<AppContext, 'db' | 'clock' | 'log'> | null): void {
  state.ctx = ctx;
  state.reading = null;
}

async function readSnapshot(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>): Promise<Snapshot | null> {
  const now = ctx.clock.now().getTime();
  const ageOf = (oldest: Date | string | null) =>
    oldest === null ? 0 : Math.max(0, (now - new Date(oldest).getTime()) / 1000);
  try {
    const [outbox, postbackRows, payments] = await Promise.all([
      queryRows<{ kind: string; pending: number | string; oldest: Date | string | null }>(
        ctx.db,
        sql`SELECT kind, count(*) AS pending, min(created_at) AS oldest FROM ${outboxMessages}
          WHERE status = 'pending' GROUP BY kind`,
      ),
      queryRows<{ pending: number | string; oldest: Date | string | null }>(
        ctx.db,
        sql`SELECT count(*) AS pending, min(created_at) AS oldest FROM ${postbacks} WHERE status = 'pending'`,
      ),
      queryRows<{ status: string; count: number | string }>(
        ctx.db,
        sql`SELECT status, count(*) AS count FROM ${paymentTransactions} GROUP BY status`,
      ),
    ]);
    const queues = new Map<string, { pending: number; oldestAgeS: number }>();
    for (const row of outbox) queues.set(row.kind, { pending: Number(row.pending), oldestAgeS: ageOf(row.oldest) });
    const postback = postbackRows[0];
    if (postback) queues.set('postback', { pending: Number(postback.pending), oldestAgeS: ageOf(postback.oldest) });
    return { queues, payments: new Map(payments.map((row) => [row.status, Number(row.count)])) };
  } catch (error) {
    ctx.log.warn('metrics: database gauges failed', { error });
    return null;
  }
}

/** This scrape's reading for the gauge `reader` (null: no database yet, or it failed). */
function snapshot(reader: string): Promise<Snapshot | null> {
  const ctx = state.ctx;
  if (!ctx) return Promise.resolve(null);
  if (!state.reading || state.reading.readers.has(reader))
    state.reading = { snapshot: readSnapshot(ctx), readers: new Set() };
  state.reading.readers.add(reader);
  return state.reading.snapshot;
}

// The gauges below are read through their `collect` at each scrape (nothing sets them otherwise).
gauge('amora_outbox_pending', 'Rows waiting in an outbox queue (mail, push, notice, postback).', {
  labelNames: ['queue'] as const,
  aggregator: 'max',
  async collect() {
    this.reset();
    const taken = await snapshot('amora_outbox_pending');
    if (taken) for (const queue of OUTBOX_QUEUES) this.set({ queue }, taken.queues.get(queue)?.pending ?? 0);
  },
});

gauge(
  'amora_outbox_oldest_pending_age_seconds',
  'Age of the oldest pending row of an outbox queue, from its creation (0 when the queue is empty).',
  {
    labelNames: ['queue'] as const,
    aggregator: 'max',
    async collect() {
      this.reset();
      const taken = await snapshot('amora_outbox_oldest_pending_age_seconds');
      if (taken) for (const queue of OUTBOX_QUEUES) this.set({ queue }, taken.queues.get(queue)?.oldestAgeS ?? 0);
    },
  },
);

gauge('amora_payment_transactions', 'Payment transactions by status (all time).', {
  labelNames: ['status'] as const,
  aggregator: 'max',
  async collect() {
    this.reset();
    const taken = await snapshot('amora_payment_transactions');
    if (taken) for (const status of TRANSACTION_STATUSES) this.set({ status }, taken.payments.get(status) ?? 0);
  },
});
