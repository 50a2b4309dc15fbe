import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { memberEvents } from '../db/schema';
import { isUniqueViolation } from '../db/errors';

/** Kinds of realtime events a member's stream carries (issue 6). */
export type MemberEventType = 'message' | 'read' | 'typing' | 'like' | 'chat_deleted';

export interface MemberEvent {
  /** The member's event number (`seq`), used as the SSE id. */
  id: number;
  type: MemberEventType;
  payload: Record<string, unknown>;
}

/** How long events stay for reconnecting streams (ms). */
export const EVENT_RETENTION_MS = 24 * 3600_000;

/**
 * Records an event for a member and wakes their streams (in every process on
 * PostgreSQL). The event row is committed before the wake-up, under the
 * member's next number, so a stream that reconnects with Last-Event-ID finds
 * it: no gap, and numbers make duplicates impossible. Returns the number.
 */
export async function publishEvent(ctx: AppContext, userId: number, type: MemberEventType, payload: Record<string, unknown>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      // Next number of this member's events; a concurrent publisher that took the same
      // number first makes this insert wait for its commit, fail, and retry with the next.
      const [row] = await ctx.db
        .insert(memberEvents)
        .values({
          userId,
          seq: sql`(SELECT coalesce(max(${memberEvents.seq}), 0) + 1 FROM ${memberEvents} WHERE ${memberEvents.userId} = ${userId})`,
          type,
          payload,
          createdAt: ctx.clock.now(),
        })
        .returning({ seq: memberEvents.seq });
      await ctx.realtime.notify(userId, row!.seq);
      return row!.seq;
    } catch (error) {
      if (attempt < 20 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Events of a member after `afterId`, oldest first (at most `limit`). */
export async function eventsAfter(ctx: AppContext, userId: number, afterSeq: number, limit = 200): Promise<MemberEvent[]> {
  const rows = await ctx.db
    .select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, userId), gt(memberEvents.seq, afterSeq)))
    .orderBy(asc(memberEvents.seq))
    .limit(limit);
  return rows.map((row) => ({ id: row.seq, type: row.type as MemberEventType, payload: row.payload }));
}

/** The number of a member's latest event (0 when none): where a fresh stream starts. */
export async function latestEventId(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ seq: memberEvents.seq }).from(memberEvents).where(eq(memberEvents.userId, userId)).orderBy(desc(memberEvents.seq)).limit(1);
  return row?.seq ?? 0;
}

/** Deletes events older than EVENT_RETENTION_MS. */
export async function pruneEvents(ctx: AppContext): Promise<void> {
  await ctx.db.delete(memberEvents).where(lt(memberEvents.createdAt, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS)));
}
