import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { streamPresence } from '../db/schema';

/** Comment line sent this often so proxies keep an idle stream open; it also renews presence (ms). */
export const HEARTBEAT_MS = 25_000;

/** A stream whose heartbeat is older than this counts as gone (ms). */
export const PRESENCE_STALE_MS = HEARTBEAT_MS * 2 + 5_000;

/** Records an open stream; returns its presence id. */
export async function streamOpened(ctx: AppContext, userId: number): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(streamPresence).values({ id, userId, seenAt: ctx.clock.now() });
  return id;
}

/** Heartbeat of an open stream. */
export async function streamAlive(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.update(streamPresence).set({ seenAt: ctx.clock.now() }).where(eq(streamPresence.id, id));
}

/** The stream closed (also drops rows of streams whose process died long ago). */
export async function streamClosed(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(streamPresence).where(eq(streamPresence.id, id));
  await ctx.db.delete(streamPresence).where(lt(streamPresence.seenAt, new Date(ctx.clock.now().getTime() - PRESENCE_STALE_MS * 10)));
}

/** True when the member has an open stream in any server process. */
export async function hasOpenStream(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: streamPresence.id })
    .from(streamPresence)
    .where(and(eq(streamPresence.userId, userId), gt(streamPresence.seenAt, new Date(ctx.clock.now().getTime() - PRESENCE_STALE_MS))))
    .limit(1);
  return row !== undefined;
}
