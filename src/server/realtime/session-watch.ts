import { liveSessionIds } from '../platform/accounts/sessions';
import type { AppContext } from '../context';

/** Every open stream's session is re-checked this often (ms): the safety net when a notice was missed. */
export const SESSION_RECHECK_MS = 30_000;

/** Re-checks are spread over the period in this many slices, one per second. */
const RECHECK_SLICES = SESSION_RECHECK_MS / 1000;

/** One open stream's session. */
interface Watch {
  sessionId: string;
  /** Called once when the session is found ended or expired. */
  ended: () => void;
}

/**
 * The watched sessions of this process per context, by slice: every second one query
 * re-checks the slice whose turn it is, so each is re-checked once per SESSION_RECHECK_MS
 * without a burst of thousands of rows at once (as presence.ts renews heartbeats).
 */
interface Watched {
  slices: Set<Watch>[];
  next: number;
  turn: number;
  size: number;
  timer: ReturnType<typeof setInterval> | null;
}
const watchedHere = new WeakMap<AppContext, Watched>();

/**
 * docs/product.md §10 Sessions: watches the session an event stream was opened with and calls
 * `ended` (once) when it no longer lives — at once when any process announces that sessions of
 * `userId` ended (log-out, password change, revocation, account deletion; see
 * `announceSessionsEnded`), and at the latest SESSION_RECHECK_MS after it ended or expired
 * otherwise. A failed check is logged and the stream stays until the next one.
 * @returns stop watching (the stream closed).
 */
export function watchSession(ctx: AppContext, userId: number, sessionId: string, ended: () => void): () => void {
  let done = false;
  const watch: Watch = {
    sessionId,
    ended: () => {
      if (done) return;
      stop();
      ended();
    },
  };
  const watched = watchedOf(ctx);
  const slice = watched.slices[watched.next]!;
  watched.next = (watched.next + 1) % RECHECK_SLICES;
  slice.add(watch);
  watched.size++;
  if (!watched.timer) {
    const tracked = watched;
    tracked.timer = setInterval(() => {
      const due = [...tracked.slices[tracked.turn]!];
      tracked.turn = (tracked.turn + 1) % RECHECK_SLICES;
      if (due.length > 0) void recheck(ctx, due);
    }, SESSION_RECHECK_MS / RECHECK_SLICES);
    tracked.timer.unref?.();
  }
  const unsubscribe = ctx.realtime.onSessionsEnded(userId, () => void recheck(ctx, [watch]));
  const stop = () => {
    if (done) return;
    done = true;
    unsubscribe();
    if (slice.delete(watch)) watched.size--;
    if (watched.size === 0 && watched.timer) {
      clearInterval(watched.timer);
      watched.timer = null;
    }
  };
  return stop;
}

function watchedOf(ctx: AppContext): Watched {
  let watched = watchedHere.get(ctx);
  if (!watched) {
    watched = {
      slices: Array.from({ length: RECHECK_SLICES }, () => new Set<Watch>()),
      next: 0,
      turn: 0,
      size: 0,
      timer: null,
    };
    watchedHere.set(ctx, watched);
  }
  return watched;
}

/** Ends the watches whose session is gone or expired. */
async function recheck(ctx: AppContext, watches: Watch[]): Promise<void> {
  try {
    const live = await liveSessionIds(ctx, [...new Set(watches.map((watch) => watch.sessionId))]);
    for (const watch of watches) if (!live.has(watch.sessionId)) watch.ended();
  } catch (error) {
    ctx.log.warn('event stream session check failed', { error });
  }
}
