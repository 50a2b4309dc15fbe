import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { streamPresence } from '../db/schema';

/** Comment line sent this often so proxies keep an idle stream open; each stream's presence is renewed as often (ms). */
export const HEARTBEAT_MS = 25_000;

/** A stream whose heartbeat is older than this counts as gone (ms). */
export const PRESENCE_STALE_MS = HEARTBEAT_MS * 2 + 5_000;

/** Presence is renewed in this many slices, one per second, so the work is spread over the period. */
const RENEWAL_SLICES = HEARTBEAT_MS / 1000;

/**
 * Open streams of this process per context, by renewal slice: every second one
 * UPDATE renews the slice whose turn it is, so each stream is renewed once per
 * HEARTBEAT_MS without a burst of thousands of rows at once.
 */
interface OpenStreams {
  slices: Set<string>[];
  /** Slice the next opened stream joins (round robin keeps slices even). */
  next: number;
  /** Slice renewed on the next tick. */
  turn: number;
  size: number;
  timer: ReturnType<typeof setInterval> | null;
}
const openHere = new WeakMap<AppContext, OpenStreams>();

/** Records an open stream (its heartbeat is renewed until streamClosed); returns its presence id. */
export async function streamOpened(ctx: AppContext, userId: number): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(streamPresence).values({ id, userId, seenAt: ctx.clock.now() });
  let open = openHere.get(ctx);
  if (!open)
    openHere.set(
      ctx,
      (open = {
        slices: Array.from({ length: RENEWAL_SLICES }, () => new Set<string>()),
        next: 0,
        turn: 0,
        size: 0,
        timer: null,
      }),
    );
  open.slices[open.next]!.add(id);
  open.next = (open.next + 1) % RENEWAL_SLICES;
  open.size++;
  const tracked = open;
  tracked.timer ??= setInterval(() => {
    const slice = [...tracked.slices[tracked.turn]!];
    if (tracked.turn === 0)
      void dropDeadStreams(ctx).catch((error: unknown) => ctx.log.warn('presence cleanup failed', { error }));
    tracked.turn = (tracked.turn + 1) % RENEWAL_SLICES;
    if (slice.length > 0)
      void renewPresence(ctx, slice).catch((error: unknown) => ctx.log.warn('presence renewal failed', { error }));
  }, 1000);
  tracked.timer.unref?.();
  return id;
}

/** Heartbeat of open streams: marks them seen now. */
export async function renewPresence(ctx: AppContext, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await ctx.db
      .update(streamPresence)
      .set({ seenAt: ctx.clock.now() })
      .where(inArray(streamPresence.id, ids.slice(i, i + 500)));
  }
}

/** Drops rows of streams whose process died long ago (once per HEARTBEAT_MS while streams are open). */
async function dropDeadStreams(ctx: AppContext): Promise<void> {
  await ctx.db
    .delete(streamPresence)
    .where(lt(streamPresence.seenAt, new Date(ctx.clock.now().getTime() - PRESENCE_STALE_MS * 10)));
}

/** The stream closed. */
export async function streamClosed(ctx: AppContext, id: string): Promise<void> {
  const open = openHere.get(ctx);
  if (open?.slices.some((slice) => slice.delete(id))) open.size--;
  if (open?.size === 0 && open.timer) {
    clearInterval(open.timer);
    open.timer = null;
  }
  await ctx.db.delete(streamPresence).where(eq(streamPresence.id, id));
}

/** True when the member has an open stream in any server process. */
export async function hasOpenStream(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: streamPresence.id })
    .from(streamPresence)
    .where(
      and(
        eq(streamPresence.userId, userId),
        gt(streamPresence.seenAt, new Date(ctx.clock.now().getTime() - PRESENCE_STALE_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
