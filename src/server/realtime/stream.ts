import type { AppContext } from '../context';
import { eventsAfter, latestEventId } from './events';
import { HEARTBEAT_MS, streamAlive, streamClosed, streamOpened } from './presence';

/** Reconnect delay the browser is told to use (ms). */
export const RETRY_MS = 3_000;

const encoder = new TextEncoder();

/**
 * One member's Server-Sent Events stream (issue 6 realtime): first the events
 * after `lastEventId` (a reconnect resumes exactly there: no gap, no
 * duplicate), then every new event as it is published, in id order. Without
 * `lastEventId` it starts after the member's latest event. Closes when
 * `signal` aborts (the browser went away).
 */
export function memberEventStream(ctx: AppContext, userId: number, lastEventId: number | null, signal: AbortSignal): ReadableStream<Uint8Array> {
  let last = 0;
  let flushing = false;
  let pending = false;
  let closed = false;
  let unsubscribe = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let presenceId: string | null = null;
  const leave = () => {
    if (presenceId) void streamClosed(ctx, presenceId).catch(() => undefined);
    presenceId = null;
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        leave();
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      const flush = async (): Promise<void> => {
        if (flushing) {
          pending = true;
          return;
        }
        flushing = true;
        try {
          do {
            pending = false;
            for (;;) {
              const events = await eventsAfter(ctx, userId, last);
              for (const event of events) {
                send(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`);
                last = event.id;
              }
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
      // The starting point first, then subscribe, then read everything after the starting point:
      // an event published at any moment in between is read by that first flush or woken by the hub.
      last = lastEventId ?? (await latestEventId(ctx, userId));
      if (closed) return;
      unsubscribe = ctx.realtime.subscribe(userId, () => void flush());
      presenceId = await streamOpened(ctx, userId);
      if (closed) leave();
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      await flush();
      heartbeat = setInterval(() => {
        send(': ping\n\n');
        if (presenceId) void streamAlive(ctx, presenceId).catch(() => undefined);
      }, HEARTBEAT_MS);
      if (signal.aborted) close();
    },
    cancel() {
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      leave();
    },
  });
}
