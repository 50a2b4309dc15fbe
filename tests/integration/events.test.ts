import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';
import { publishEvent } from '../../src/server/realtime/events';
import type { AppContext } from '../../src/server/context';

const { ctx, secondProcess } = useTestContext();

interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

/** Opens a member's stream and collects its events. */
async function openStream(context: AppContext, cookie: string, lastEventId?: string) {
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
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
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
  for (const until = Date.now() + 5000; !connected && Date.now() < until;) await new Promise((r) => setTimeout(r, 5));
  return {
    response,
    events,
    async waitFor(count: number) {
      const until = Date.now() + 5000;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return events;
    },
    async close() {
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}

describe('event stream (realtime)', () => {
  it('refuses visitors', async () => {
    const response = await eventStreamResponse(ctx(), new Request(`${ORIGIN}/api/events.php`));
    expect(response.status).toBe(403);
  });

  it('delivers new messages and resumes after a reconnect with no gap and no duplicate, across server processes', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    await ctx()
      .db.update(users)
      .set({ premiumUntil: new Date('2027-01-01') })
      .where(eq(users.id, anna.id));
    const other = await secondProcess();
    const id = (
      await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } })
    ).json.id;
    const send = async (text: string) => {
      const sent = await callApi(other, messagesEndpoint, '/api/messages.php', {
        method: 'POST',
        cookie: anna.cookie,
        body: { conversation: id, text },
      });
      expect(sent.status).toBe(200);
    };

    const stream = await openStream(ctx(), ben.cookie);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await send('one');
    await send('two');
    const first = await stream.waitFor(2);
    expect(first.map((e) => (e.data as { message: { text: string } }).message.text)).toEqual(['one', 'two']);
    await stream.close();

    // Offline for a while: two more messages, then the browser reconnects with Last-Event-ID.
    await send('three');
    await send('four');
    const resumed = await openStream(ctx(), ben.cookie, first[1]!.id);
    const events = await resumed.waitFor(2);
    await send('five');
    await resumed.waitFor(3);
    await resumed.close();
    expect(events.map((e) => (e.data as { message: { text: string } }).message.text)).toEqual([
      'three',
      'four',
      'five',
    ]);
    const ids = [...first, ...events].map((e) => Number(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('numbers a member’s events 1, 2, 3… even when published concurrently from two processes, and the stream gets each once, in order', async () => {
    const ben = await loggedInMember(ctx(), 'Ben');
    const other = await secondProcess();
    const stream = await openStream(ctx(), ben.cookie);
    const seqs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publishEvent(i % 2 ? other : ctx(), ben.id, 'like', { from: i })),
    );
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const events = await stream.waitFor(20);
    await stream.close();
    expect(events.map((e) => Number(e.id))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
