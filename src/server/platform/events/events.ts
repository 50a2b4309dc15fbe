import type { PeriodicJob } from '../jobs/periodic-job';
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { MemberEventPayload, MemberEventType } from '~/shared/contracts/events';
import type { AppContext } from '../../context';
import { memberEvents } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { queryRows } from '../../db/raw';
import { NOTICE_PAYLOAD_MAX_BYTES } from './event-notice';
import type { CachedEvent } from './hub';

/** An event as a member's stream sends it (the hub keeps the same shape). */
export type MemberEvent = CachedEvent;

/** How long events stay for reconnecting streams (ms). */
export const EVENT_RETENTION_MS = 24 * 3600_000;

/** One event to record: who gets it, its name and the data that name carries. */
export type EventDraft = {
  [T in MemberEventType]: { userId: number; type: T; payload: MemberEventPayload<T> };
}[MemberEventType];

/**
 * The CTEs that record the rows of a `drafts (user_id, ord, type, payload)` CTE
 * (defined by the caller just before) as member events, each under its
 * member's next number, and list them as `published (ord, user_id, seq)`. On
 * PostgreSQL `published` also issues the NOTIFY (payload "userId:seq", channel
 * from the hub), which is delivered at the statement's commit, after the rows
 * are visible. Numbers are taken from the member's latest event: a concurrent
 * publisher that took the same number first makes the insert wait for its
 * commit and fail with a unique violation (retry with withEventRetry).
 */
export function recordEventsSql(now: Date, channel: string | null): SQL {
  return sql`numbered AS (
      SELECT d.ord, d.user_id, d.type, d.payload,
        coalesce((SELECT max(e.seq) FROM ${memberEvents} e WHERE e.user_id = d.user_id), 0)
          + row_number() OVER (PARTITION BY d.user_id ORDER BY d.ord) AS seq
      FROM drafts d),
    inserted AS (
      INSERT INTO ${memberEvents} (user_id, seq, type, payload, created_at)
      SELECT user_id, seq, type, payload, ${now.toISOString()}::timestamptz FROM numbered
      RETURNING user_id, seq),
    published AS (
      SELECT n.ord, i.user_id, i.seq${
        channel
          ? sql`, pg_notify(${channel}, i.user_id || ':' || i.seq || CASE
          WHEN octet_length(d.text) <= ${NOTICE_PAYLOAD_MAX_BYTES} THEN ':' || n.type || ':' || d.text
          ELSE '' END) AS notified`
          : sql``
      }
      FROM inserted i JOIN numbered n ON n.user_id = i.user_id AND n.seq = i.seq${
        channel ? sql`, LATERAL (SELECT n.payload::text AS text) d` : sql``
      })`;
}

/** Runs a statement that records events again when a concurrent publisher took the same event number (see recordEventsSql). */
export async function withEventRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < 20 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * After a statement with recordEventsSql committed: keeps the events for this
 * process's streams and, where SQL did not notify (PGlite, or the listener not
 * connected yet), wakes the streams through the hub. `seqs` are in `events` order.
 */
export async function eventsRecorded(
  ctx: AppContext,
  events: EventDraft[],
  seqs: number[],
  notifiedInSql: boolean,
): Promise<void> {
  for (const [ord, event] of events.entries())
    ctx.realtime.remember(event.userId, { id: seqs[ord]!, type: event.type, payload: event.payload });
  if (!notifiedInSql) for (const [ord, event] of events.entries()) await ctx.realtime.notify(event.userId, seqs[ord]!);
}

/**
 * Records events for members and wakes their streams (in every process on
 * PostgreSQL), all in one statement. Each row is committed under its member's
 * next number before the wake-up, so a stream that reconnects with
 * Last-Event-ID finds it: no gap, and numbers make duplicates impossible.
 * Returns the numbers, in `events` order.
 */
export async function publishEvents(ctx: AppContext, events: EventDraft[]): Promise<number[]> {
  if (events.length === 0) return [];
  const channel = ctx.realtime.sqlChannel();
  const now = ctx.clock.now();
  const values = sql.join(
    events.map(
      (event, ord) =>
        sql`(${event.userId}::integer, ${ord}::integer, ${event.type}::text, ${JSON.stringify(event.payload)}::jsonb)`,
    ),
    sql`, `,
  );
  const rows = await withEventRetry(() =>
    queryRows<{ ord: number | string; seq: number | string }>(
      ctx.db,
      sql`WITH drafts (user_id, ord, type, payload) AS (VALUES ${values}), ${recordEventsSql(now, channel)}
        SELECT ord, seq FROM published ORDER BY ord`,
    ),
  );
  const seqs = events.map((_, ord) => Number(rows.find((row) => Number(row.ord) === ord)?.seq));
  await eventsRecorded(ctx, events, seqs, channel !== null);
  return seqs;
}

/** Records one event for a member and wakes their streams (see publishEvents); returns its number. */
export async function publishEvent<T extends MemberEventType>(
  ctx: AppContext,
  userId: number,
  type: T,
  payload: MemberEventPayload<T>,
): Promise<number> {
  const [seq] = await publishEvents(ctx, [{ userId, type, payload } as EventDraft]);
  return seq!;
}

/** Events of a member after `afterId`, oldest first (at most `limit`). */
export async function eventsAfter(
  ctx: AppContext,
  userId: number,
  afterSeq: number,
  limit = 200,
): Promise<MemberEvent[]> {
  const rows = await ctx.db
    .select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, userId), gt(memberEvents.seq, afterSeq)))
    .orderBy(asc(memberEvents.seq))
    .limit(limit);
  return rows.map((row) => ({ id: row.seq, type: row.type, payload: row.payload }));
}

/** The number of a member's latest event (0 when none): where a fresh stream starts. */
export async function latestEventId(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ seq: memberEvents.seq })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId))
    .orderBy(desc(memberEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}

/** Events one pruning statement deletes at most (short statements, no long lock). */
const PRUNE_BATCH = 5_000;

/**
 * Deletes events older than EVENT_RETENTION_MS, PRUNE_BATCH at a time until none is left.
 * @returns how many were deleted.
 */
export async function pruneEvents(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const old = ctx.db
      .select({ id: memberEvents.id })
      .from(memberEvents)
      .where(lt(memberEvents.createdAt, cutoff))
      .limit(PRUNE_BATCH);
    const rows = await ctx.db
      .delete(memberEvents)
      .where(inArray(memberEvents.id, old))
      .returning({ id: memberEvents.id });
    deleted += rows.length;
    if (rows.length < PRUNE_BATCH) return deleted;
  }
}

/** The `member-events-prune` job (src/server/lifecycle/all-jobs.ts): keeps member_events to EVENT_RETENTION_MS. */
export const memberEventsPruneJob: PeriodicJob = {
  name: 'member-events-prune',
  owns: 'member_events older than EVENT_RETENTION_MS',
  everyMs: 10 * 60_000,
  run: async (ctx) => {
    await pruneEvents(ctx);
  },
};
