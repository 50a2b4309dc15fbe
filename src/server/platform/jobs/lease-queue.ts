import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';

/**
 * The delivery queue shared by every outbox table (affiliate postbacks, mails and pushes;
 * docs/architecture.md §5 Outbox): rows are `pending` until delivered or given up, carry their
 * `attempts`, a `next_attempt_at`, and a lease (`lease_token`, `lease_until`) that one sender holds
 * while it attempts the row. Claiming uses `FOR UPDATE SKIP LOCKED`, so senders in several processes
 * never claim the same row; a sender killed mid-attempt leaves its lease to expire and the row is
 * claimed again (at-least-once; the receiver deduplicates on the row's id where it can).
 */
export interface LeasedTable {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  leaseToken: PgColumn;
  leaseUntil: PgColumn;
}

/** Delay before attempt `attempts + 1`: `baseMs` doubled per failed attempt, at most `maxMs` (ms). */
export function backoffMs(baseMs: number, attempts: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** Leases this process took and may still hold, by token (until their expiry): what a graceful stop releases. */
const held = new Map<string, { queue: LeasedTable; until: number }>();

/** Forgets leases that have expired by `now` (ms): nobody may release them any more. */
function forgetExpired(now: number): void {
  for (const [token, lease] of held) if (lease.until <= now) held.delete(token);
}

/**
 * Claims up to `limit` due rows (pending, `next_attempt_at` ≤ now, no live lease, not in
 * `exclude` — the rows this process is attempting right now, so even a lease that ran out while
 * its attempt still waits is never attempted twice by one process), oldest due first: sets a new
 * lease until `now + leaseMs` and counts the attempt.
 * @returns the claimed ids and the lease token that must match when the outcome is written.
 */
export async function claimLeased(
  db: Db,
  q: LeasedTable,
  options: { now: Date; limit: number; leaseMs: number; exclude?: readonly number[] },
): Promise<{ ids: number[]; leaseToken: string }> {
  const leaseToken = randomUUID();
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const col = (column: PgColumn) => sql.identifier(column.name);
  const exclude = options.exclude?.length
    ? sql`AND ${col(q.id)} NOT IN (${sql.join(
        options.exclude.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE ${q.table} SET ${col(q.leaseToken)} = ${leaseToken}, ${col(q.leaseUntil)} = ${until}::timestamptz,
      ${col(q.attempts)} = ${col(q.attempts)} + 1
    WHERE ${col(q.id)} IN (
      SELECT ${col(q.id)} FROM ${q.table}
      WHERE ${col(q.status)} = 'pending' AND ${col(q.nextAttemptAt)} <= ${now}::timestamptz
        AND (${col(q.leaseUntil)} IS NULL OR ${col(q.leaseUntil)} <= ${now}::timestamptz) ${exclude}
      ORDER BY ${col(q.nextAttemptAt)}
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    ) AND ${col(q.status)} = 'pending'
    RETURNING ${col(q.id)} AS id`,
  );
  forgetExpired(Date.now());
  if (rows.length > 0) held.set(leaseToken, { queue: q, until: Date.now() + options.leaseMs });
  return { ids: rows.map((row) => Number(row.id)), leaseToken };
}

/**
 * Releases the leases this process still holds on rows that are still pending (a graceful stop
 * whose deadline came before their attempts ended, docs/architecture.md §3 Starting, health and
 * restarts): another process may claim them at once instead of after the lease's expiry. A row
 * whose outcome was already written has no lease any more and is left alone; an attempt that still
 * ends afterwards finds its token gone and writes nothing (at-least-once, as after a crash).
 * @returns how many rows were released.
 */
export async function releaseHeldLeases(db: Db): Promise<number> {
  forgetExpired(Date.now());
  let released = 0;
  for (const [token, { queue: q }] of held) {
    const col = (column: PgColumn) => sql.identifier(column.name);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE ${q.table} SET ${col(q.leaseToken)} = NULL, ${col(q.leaseUntil)} = NULL
      WHERE ${col(q.leaseToken)} = ${token} AND ${col(q.status)} = 'pending'
      RETURNING ${col(q.id)} AS id`,
    );
    released += rows.length;
    held.delete(token);
  }
  return released;
}

/**
 * Claims and delivers rounds of rows until a round claims none, `parallel` deliveries at a time.
 * Once `stop` aborts (the process is draining) no further round is claimed: the round under way
 * finishes and the rest is left to the other processes.
 * @returns every delivery's outcome, in the order they finished per round.
 */
export async function drainLeased<T>(
  claimRound: () => Promise<readonly T[]>,
  deliver: (row: T) => Promise<'delivered' | 'retry' | 'failed'>,
  parallel: number,
  stop?: AbortSignal,
): Promise<{ attempts: number; delivered: number }> {
  const limit = pLimit(parallel);
  let attempts = 0;
  let delivered = 0;
  while (!stop?.aborted) {
    const claimed = await claimRound();
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map((row) => limit(() => deliver(row))));
    attempts += outcomes.length;
    delivered += outcomes.filter((outcome) => outcome === 'delivered').length;
  }
  return { attempts, delivered };
}
