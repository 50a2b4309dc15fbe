import type { AppContext } from '../../src/server/context';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { ORIGIN } from './api';

/** One event as the member's stream sent it. */
export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

/** An open `GET /api/events.php` of a test: the events so far and whether the server ended it. */
export interface OpenStream {
  response: Response;
  events: SseEvent[];
  /** True once the server closed the stream (the body ended without the test closing it). */
  isEnded(): boolean;
  /** Waits (up to `timeoutMs`) until `count` events arrived; returns the events so far. */
  waitFor(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Waits (up to `timeoutMs`) until the server ended the stream; returns whether it did. */
  waitForEnd(timeoutMs?: number): Promise<boolean>;
  /** The browser goes away. */
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a member's event stream on `context` with the session `cookie` and collects its events. */
export async function openStream(context: AppContext, cookie: string, lastEventId?: string): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { cookie };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await eventStreamResponse(
    context,
    new Request(`${ORIGIN}/api/events.php`, { headers, signal: abort.signal }),
  );
  const events: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let connected = false;
  let ended = false;
  let closedByTest = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) {
        ended = !closedByTest;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(': connected')) connected = true;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => !l.startsWith(':') && l.includes(': '))
            .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
        );
        if (fields.event) events.push({ id: fields.id!, event: fields.event, data: JSON.parse(fields.data!) });
      }
    }
  })();
  // The stream is live once it says so; events before that count as history, not news.
  for (const until = Date.now() + 5000; !connected && Date.now() < until;) await pause(5);
  return {
    response,
    events,
    isEnded: () => ended,
    async waitFor(count, timeoutMs = 5000) {
      for (const until = Date.now() + timeoutMs; events.length < count && Date.now() < until;) await pause(10);
      return events;
    },
    async waitForEnd(timeoutMs = 5000) {
      for (const until = Date.now() + timeoutMs; !ended && Date.now() < until;) await pause(10);
      return ended;
    },
    async close() {
      closedByTest = true;
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}
