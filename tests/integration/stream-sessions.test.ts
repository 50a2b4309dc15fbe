import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { sessions, users } from '../../src/server/db/schema';
import { accountEndpoint } from '../../src/server/http/endpoints/account';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { logoutEndpoint } from '../../src/server/http/endpoints/logout';
import { passwordEndpoint } from '../../src/server/http/endpoints/password';
import { sessionsEndpoint } from '../../src/server/http/endpoints/sessions';
import { publishEvent } from '../../src/server/platform/events/events';
import { SESSION_RECHECK_MS } from '../../src/server/realtime/session-watch';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { openStream, type OpenStream } from '../helpers/event-stream';
import { MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const harness = useTestContext();
const { ctx, secondProcess } = harness;

const opened: OpenStream[] = [];
let testNo = 0;
beforeEach(async () => {
  // Member ids restart with every test, but the hub keeps the events it published for 30 s by
  // member id and number: fresh ids keep one test's messages out of the next one's streams.
  testNo++;
  await ctx().db.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${testNo * 1000})`);
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((stream) => stream.close()));
});
const watch = async (context: AppContext, cookie: string) => {
  const stream = await openStream(context, cookie);
  opened.push(stream);
  return stream;
};

/** Ben (logged in) and Anna (premium), with a conversation Anna writes into; `send` posts from the other process. */
async function chatToBen() {
  const anna = await loggedInMember(ctx(), 'Anna');
  const ben = await loggedInMember(ctx(), 'Ben');
  await ctx()
    .db.update(users)
    .set({ premiumUntil: new Date('2027-01-01') })
    .where(eq(users.id, anna.id));
  const other = await secondProcess();
  const chat = await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } });
  const send = async (text: string) => {
    const sent = await callApi(other, messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation: chat.json.id, text },
    });
    expect(sent.status).toBe(200);
  };
  return { anna, ben, other, send };
}

/** Another session of the member with `email` (a second device). */
async function logInAgain(context: AppContext, email: string): Promise<string> {
  const login = await callApi(context, loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email, password: MEMBER_PASSWORD },
  });
  expect(login.status).toBe(200);
  return sessionCookieFrom(login.cookies);
}

const texts = (stream: OpenStream) =>
  stream.events.map((event) => (event.data as { message?: { text: string } }).message?.text);

/** The session id behind a `amora_session=…` cookie (the SHA-256 of its token). */
const sessionIdOf = (cookie: string) =>
  createHash('sha256')
    .update(decodeURIComponent(cookie.split('=')[1]!))
    .digest('hex');

/**
 * Sends "hello" and waits until every stream has it: each is live and, on PostgreSQL, this
 * process listens for notices before the test ends a session.
 */
async function allLive(send: (text: string) => Promise<void>, streams: OpenStream[]): Promise<void> {
  await send('hello');
  for (const stream of streams) await stream.waitFor(1);
  for (const stream of streams) expect(texts(stream)).toEqual(['hello']);
}

describe('event streams end with their session (docs/product.md §10 Sessions)', () => {
  it('log-out in another process closes the stream at once; a later message is not delivered', async () => {
    const { ben, other, send } = await chatToBen();
    const stream = await watch(ctx(), ben.cookie);
    await send('before');
    await stream.waitFor(1);
    expect(texts(stream)).toEqual(['before']);

    const logout = await callApi(other, logoutEndpoint, '/api/logout.php', { cookie: ben.cookie });
    expect(logout.status).toBe(200);
    expect(await stream.waitForEnd(2000)).toBe(true);
    await send('after log-out');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(texts(stream)).toEqual(['before']);
  });

  it('a password change closes the streams of the other sessions and keeps the changing one', async () => {
    const { ben, other, send } = await chatToBen();
    const phone = await logInAgain(ctx(), 'ben@example.com');
    const laptopStream = await watch(ctx(), ben.cookie);
    const phoneStream = await watch(ctx(), phone);
    await allLive(send, [laptopStream, phoneStream]);

    const changed = await callApi(other, passwordEndpoint, '/api/password.php', {
      method: 'POST',
      query: { action: 'change' },
      body: { currentPassword: MEMBER_PASSWORD, newPassword: 'a-brand-new-secret' },
      cookie: ben.cookie,
    });
    expect(changed.status).toBe(200);
    expect(await phoneStream.waitForEnd(2000)).toBe(true);
    await send('only the laptop');
    await laptopStream.waitFor(2);
    expect(texts(laptopStream)).toEqual(['hello', 'only the laptop']);
    expect(laptopStream.isEnded()).toBe(false);
    expect(texts(phoneStream)).toEqual(['hello']);
  });

  it('revoking one session ("log out there") closes its streams only; "log out everywhere else" the rest', async () => {
    const { ben, other, send } = await chatToBen();
    const phone = await logInAgain(ctx(), 'ben@example.com');
    const tablet = await logInAgain(ctx(), 'ben@example.com');
    const laptopStream = await watch(ctx(), ben.cookie);
    const phoneStream = await watch(ctx(), phone);
    const tabletStream = await watch(ctx(), tablet);
    await allLive(send, [laptopStream, phoneStream, tabletStream]);

    const listed = await callApi(other, sessionsEndpoint, '/api/sessions.php', { cookie: phone });
    const phoneHandle = listed.json.sessions.find((s: { current: boolean }) => s.current).handle;
    const ended = await callApi(other, sessionsEndpoint, '/api/sessions.php', {
      method: 'POST',
      query: { action: 'end' },
      body: { handle: phoneHandle },
      cookie: ben.cookie,
    });
    expect(ended.status).toBe(200);
    expect(await phoneStream.waitForEnd(2000)).toBe(true);
    await send('one');
    await tabletStream.waitFor(2);
    expect(tabletStream.isEnded()).toBe(false);

    const others = await callApi(other, sessionsEndpoint, '/api/sessions.php', {
      method: 'POST',
      query: { action: 'end-others' },
      cookie: ben.cookie,
    });
    expect(others.json).toEqual({ ended: 1 });
    expect(await tabletStream.waitForEnd(2000)).toBe(true);
    await send('two');
    await laptopStream.waitFor(3);
    expect(texts(laptopStream)).toEqual(['hello', 'one', 'two']);
    expect(texts(tabletStream)).toEqual(['hello', 'one']);
    expect(texts(phoneStream)).toEqual(['hello']);
    expect(laptopStream.isEnded()).toBe(false);
  });

  it('deleting the account closes its streams', async () => {
    const { ben, other, send } = await chatToBen();
    const stream = await watch(ctx(), ben.cookie);
    await allLive(send, [stream]);
    const deleted = await callApi(other, accountEndpoint, '/api/account.php', {
      method: 'DELETE',
      body: { password: MEMBER_PASSWORD },
      cookie: ben.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await stream.waitForEnd(2000)).toBe(true);
  });

  it('re-checks its session periodically: a session gone without notice or expired ends the stream within the period', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const { ben } = await chatToBen();
    const phone = await logInAgain(ctx(), 'ben@example.com');
    const laptopStream = await watch(ctx(), ben.cookie);
    const phoneStream = await watch(ctx(), phone);
    // Removed behind the server's back (as if the notice was lost): only the re-check can notice.
    const removed = await ctx()
      .db.delete(sessions)
      .where(eq(sessions.id, sessionIdOf(ben.cookie)))
      .returning();
    expect(removed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS + 1000);
    expect(await laptopStream.waitForEnd(1000)).toBe(true);
    expect(phoneStream.isEnded()).toBe(false);

    // The phone's session runs out while its stream stays open.
    harness.clock.advance(ctx().config.sessionTtlMs + 1000);
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS + 1000);
    expect(await phoneStream.waitForEnd(1000)).toBe(true);
    await publishEvent(ctx(), ben.id, 'like', { from: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(phoneStream.events).toEqual([]);
  });
});
