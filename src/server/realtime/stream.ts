import type { AppContext } from '../context';
import { eventsAfter, latestEventId } from '../platform/events/events';
import { HEARTBEAT_MS, streamClosed, streamOpened } from './presence';
import { watchSession } from './session-watch';
import { openEventStreams } from '../platform/metrics/series';

/** Reconnect delay the browser is told to use (ms). */
export const RETRY_MS = 3_000;

/**
 * Reconnect delay (ms) a stream closed by a graceful stop tells its browser (docs/architecture.md §3
 * Starting, health and restarts): soon, to another process, spread over 0.5–2 s so the streams of a
 * stopping process do not all reconnect in the same instant.
 */
export function drainRetryMs(random = Math.random): number {
  return 500 + Math.floor(random() * 1_500);
}

const encoder = new TextEncoder();

/**
 * One member's Server-Sent Events stream (realtime): first the events
 * after `lastEventId` (a reconnect resumes exactly there: no gap, no
 * duplicate), then every new event as it is published, in id order. Without
 * `lastEventId` it starts after the member's latest event. Closes when
 * `signal` aborts (the browser went away) and when the session it was opened
 * with ends (log-out, password change, revocation, expiry: docs/product.md §10
 * Sessions; see session-watch.ts); the browser's reconnect then gets 403.
 */
export function memberEventStream(
  ctx: AppContext,
  session: { id: string; userId: number },
  lastEventId: number | null,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const { userId } = session;
  let last = 0;
  let flushing = false;
  let pending = false;
  /** The highest event number the hub announced: the database is read when the cache does not reach it. */
  let announced = 0;
  /** The first flush always reads the database (events missed since Last-Event-ID). */
  let mustRead = true;
  let closed = false;
  let unsubscribe = () => {};
  let unwatch = () => {};
  // Node clears timeouts and intervals alike with clearTimeout.
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  let presenceId: string | null = null;
  let onDrain = () => {};
  const draining = ctx.lifecycle.draining;
  const leave = () => {
    if (presenceId) void streamClosed(ctx, presenceId).catch(() => undefined);
    presenceId = null;
    // Metrics (docs/architecture.md §5): the stream no longer counts as open (leave runs once or more).
    if (counted) openEventStreams.dec();
    counted = false;
  };
  let counted = false;

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      openEventStreams.inc();
      counted = true;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        draining.removeEventListener('abort', onDrain);
        unsubscribe();
        unwatch();
        clearTimeout(heartbeat);
        leave();
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      const sendEvent = (event: { id: number; type: string; payload: unknown }) => {
        send(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`);
        last = event.id;
      };
      /** Sends every event after `last`: from this process's recent ones while they follow on, else from the database. */
      const flush = async (): Promise<void> => {
        if (flushing) {
          pending = true;
          return;
        }
        flushing = true;
        try {
          do {
            pending = false;
            for (
              let cached = ctx.realtime.recall(userId, last + 1);
              cached;
              cached = ctx.realtime.recall(userId, last + 1)
            )
              sendEvent(cached);
            if (!mustRead && announced <= last) continue;
            mustRead = false;
            for (;;) {
              const events = await eventsAfter(ctx, userId, last);
              for (const event of events) sendEvent(event);
              if (events.length < 200) break;
            }
          } while (pending && !closed);
        } catch (error) {
          ctx.log.warn('event stream read failed', { error, userId });
        } finally {
          flushing = false;
        }
      };

      signal.addEventListener('abort', close, { once: true });
      onDrain = () => {
        send(`retry: ${drainRetryMs()}\n\n`);
        close();
      };
      if (draining.aborted) return onDrain();
      draining.addEventListener('abort', onDrain, { once: true });
      // The starting point first, then subscribe, then read everything after the starting point:
      // an event published at any moment in between is read by that first flush or woken by the hub.
      last = lastEventId ?? (await latestEventId(ctx, userId));
      if (closed) return;
      unsubscribe = ctx.realtime.subscribe(userId, (eventId) => {
        announced = Math.max(announced, eventId);
        void flush();
      });
      unwatch = watchSession(ctx, userId, session.id, close);
      presenceId = await streamOpened(ctx, userId);
      if (closed) leave();
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      await flush();
      // Started at a random point of the period so thousands of streams opened together do not all ping at once.
      const ping = () => send(': ping\n\n');
      heartbeat = setTimeout(() => {
        ping();
        heartbeat = setInterval(ping, HEARTBEAT_MS);
      }, Math.random() * HEARTBEAT_MS);
      if (signal.aborted) close();
    },
    cancel() {
      closed = true;
      draining.removeEventListener('abort', onDrain);
      unsubscribe();
      unwatch();
      clearTimeout(heartbeat);
      leave();
    },
  });
}
