import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { openStream } from '../helpers/event-stream';
import { loggedInMember } from '../helpers/session';
import { publishEvent } from '../../src/server/platform/events/events';

const { ctx, secondProcess } = useTestContext();

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
    // The notice carried the event to the process holding the stream (on PostgreSQL another one): it kept
    // it, so its streams send it without reading it back from the database.
    expect(ctx().realtime.recall(ben.id, Number(first[1]!.id))).toMatchObject({
      id: Number(first[1]!.id),
      type: 'message',
      payload: { message: { text: 'two' } },
    });
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
