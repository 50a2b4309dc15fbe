import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { memberEvents } from '../db/schema';

/** Kinds of realtime events a member's stream carries (issue 6). */
export type MemberEventType = 'message' | 'read' | 'typing' | 'like' | 'chat_deleted';

export interface MemberEvent {
  id: number;
  type: MemberEventType;
  payload: Record<string, unknown>;
}

/** How long events stay for reconnecting streams (ms). */
export const EVENT_RETENTION_MS = 24 * 3600_000;

/**
 * Records an event for a member and wakes their streams (in every process on
 * PostgreSQL). The event row is written first, so a stream that reconnects
 * with Last-Event-ID finds it: no gap, and ids make duplicates impossible.
 */
export async function publishEvent(ctx: AppContext, userId: number, type: MemberEventType, payload: Record<string, unknown>): Promise<number> {
  const [row] = await ctx.db.insert(memberEvents).values({ userId, type, payload, createdAt: ctx.clock.now() }).returning({ id: memberEvents.id });
  await ctx.realtime.notify(userId, row!.id);
  return row!.id;
}

/** Events of a member after `afterId`, oldest first (at most `limit`). */
export async function eventsAfter(ctx: AppContext, userId: number, afterId: number, limit = 200): Promise<MemberEvent[]> {
  const rows = await ctx.db
    .select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, userId), gt(memberEvents.id, afterId)))
    .orderBy(asc(memberEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, type: row.type as MemberEventType, payload: row.payload }));
}

/** The id of a member's latest event (0 when none): where a fresh stream starts. */
export async function latestEventId(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ id: memberEvents.id }).from(memberEvents).where(eq(memberEvents.userId, userId)).orderBy(desc(memberEvents.id)).limit(1);
  return row?.id ?? 0;
}

/** Deletes events older than EVENT_RETENTION_MS. */
export async function pruneEvents(ctx: AppContext): Promise<void> {
  await ctx.db.delete(memberEvents).where(lt(memberEvents.createdAt, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS)));
}
