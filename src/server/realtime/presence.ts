import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { streamPresence } from '../db/schema';

/** Comment line sent this often so proxies keep an idle stream open; presence is renewed as often (ms). */
export const HEARTBEAT_MS = 25_000;

/** A stream whose heartbeat is older than this counts as gone (ms). */
export const PRESENCE_STALE_MS = HEARTBEAT_MS * 2 + 5_000;

/** Open streams of this process per context, renewed together: one UPDATE per HEARTBEAT_MS, not one per stream. */
const openHere = new WeakMap<AppContext, { ids: Set<string>; timer: ReturnType<typeof setInterval> | null }>();

/** Records an open stream (its heartbeat is renewed until streamClosed); returns its presence id. */
export async function streamOpened(ctx: AppContext, userId: number): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(streamPresence).values({ id, userId, seenAt: ctx.clock.now() });
  let entry = openHere.get(ctx);
  if (!entry) openHere.set(ctx, (entry = { ids: new Set(), timer: null }));
  entry.ids.add(id);
  const tracked = entry;
  tracked.timer ??= setInterval(() => void renewPresence(ctx, [...tracked.ids]).catch((error: unknown) => ctx.log.warn('presence renewal failed', { error })), HEARTBEAT_MS);
  tracked.timer.unref?.();
  return id;
}

/** Heartbeat of open streams: marks them seen now, in small chunks one after another so requests keep flowing in between. */
export async function renewPresence(ctx: AppContext, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    await ctx.db.update(streamPresence).set({ seenAt: ctx.clock.now() }).where(inArray(streamPresence.id, ids.slice(i, i + 200)));
  }
}

/** The stream closed (also drops rows of streams whose process died long ago). */
export async function streamClosed(ctx: AppContext, id: string): Promise<void> {
  const entry = openHere.get(ctx);
  entry?.ids.delete(id);
  if (entry?.ids.size === 0 && entry.timer) {
    clearInterval(entry.timer);
    entry.timer = null;
  }
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
