import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { sessionsEndpoint } from '../../src/server/http/endpoints/sessions';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';

const harness = useTestContext();
const ctx = () => harness.ctx();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Logs `email` in from a browser and address; the session cookie. */
async function logIn(email: string, userAgent: string, clientAddress = '203.0.113.7'): Promise<string> {
  const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email, password: MEMBER_PASSWORD },
    headers: { 'user-agent': userAgent },
    clientAddress,
  });
  expect(login.status).toBe(200);
  return sessionCookieFrom(login.cookies);
}
const list = (cookie?: string) => callApi(ctx(), sessionsEndpoint, '/api/sessions.php', { cookie });
const end = (cookie: string | undefined, handle: unknown) =>
  callApi(ctx(), sessionsEndpoint, '/api/sessions.php', {
    method: 'POST',
    query: { action: 'end' },
    body: { handle },
    cookie,
  });
const endOthers = (cookie?: string) =>
  callApi(ctx(), sessionsEndpoint, '/api/sessions.php', { method: 'POST', query: { action: 'end-others' }, cookie });
const isLoggedIn = async (cookie: string) =>
  (await callApi(ctx(), userEndpoint, '/api/user.php', { cookie })).status === 200;
const sessionIdOf = (cookie: string) =>
  createHash('sha256')
    .update(decodeURIComponent(cookie.split('=')[1]!))
    .digest('hex');

describe('sessions: where you are logged in (docs/product.md §10 Sessions)', () => {
  it('lists only the own live sessions, this device first, with browser, system and country', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    await createMember(ctx(), { name: 'Bert', email: 'bert@example.com' });
    const phone = await logIn('anna@example.com', ANDROID_CHROME, '8.8.8.8');
    harness.clock.advance(60_000);
    const laptop = await logIn('anna@example.com', MAC_SAFARI);
    await logIn('bert@example.com', WINDOWS_FIREFOX);

    const answer = await list(laptop);
    expect(answer.status).toBe(200);
    expect(answer.json.sessions).toHaveLength(2);
    const [here, there] = answer.json.sessions;
    expect(here).toMatchObject({ current: true, browser: 'Safari', os: 'macOS', kind: 'desktop', country: null });
    expect(there).toMatchObject({ current: false, browser: 'Chrome', os: 'Android', kind: 'mobile', country: 'US' });
    expect(there.startedAt).toBe('2026-11-21T12:00:00.000Z');
    expect(here.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The session id (hash of the cookie token) never leaves the server.
    const body = JSON.stringify(answer.json);
    expect(body).not.toContain(sessionIdOf(phone));
    expect(body).not.toContain(sessionIdOf(laptop));
  });

  it('leaves expired sessions out', async () => {
    const anna = await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const cookie = await logIn('anna@example.com', MAC_SAFARI);
    await ctx()
      .db.insert(sessions)
      .values({ id: 'f'.repeat(64), userId: anna, expiresAt: new Date('2026-11-20T00:00:00Z') });
    expect((await list(cookie)).json.sessions).toHaveLength(1);
  });

  it('"log out there" ends exactly that session', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const phone = await logIn('anna@example.com', ANDROID_CHROME);
    const laptop = await logIn('anna@example.com', MAC_SAFARI);
    const tablet = await logIn('anna@example.com', WINDOWS_FIREFOX);
    const handles = (await list(laptop)).json.sessions;
    const phoneHandle = handles.find((s: { browser: string }) => s.browser === 'Chrome').handle;

    const answer = await end(laptop, phoneHandle);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ended: true });
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(laptop)).toBe(true);
    expect(await isLoggedIn(tablet)).toBe(true);
    expect((await list(laptop)).json.sessions).toHaveLength(2);
    // Already gone: not found.
    expect((await end(laptop, phoneHandle)).json.error.code).toBe('not_found');
  });

  it("another member's handle is not found and nothing ends", async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    await createMember(ctx(), { name: 'Bert', email: 'bert@example.com' });
    const anna = await logIn('anna@example.com', MAC_SAFARI);
    const bert = await logIn('bert@example.com', WINDOWS_FIREFOX);
    const annaHandle = (await list(anna)).json.sessions[0].handle;

    const answer = await end(bert, annaHandle);
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatchObject({ code: 'not_found', message: 'errors.not_found' });
    expect(await isLoggedIn(anna)).toBe(true);
    expect(await isLoggedIn(bert)).toBe(true);
    expect(await ctx().db.select().from(sessions)).toHaveLength(2);
  });

  it('refuses a malformed handle without ending anything', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const anna = await logIn('anna@example.com', MAC_SAFARI);
    for (const handle of ['x', sessionIdOf(anna), 42, null]) {
      const answer = await end(anna, handle);
      expect(answer.status).toBe(422);
      expect(answer.json.error.code).toBe('validation_failed');
    }
    expect(await isLoggedIn(anna)).toBe(true);
  });

  it('"log out everywhere else" keeps only the current session', async () => {
    const anna = await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const bertId = await createMember(ctx(), { name: 'Bert', email: 'bert@example.com' });
    const phone = await logIn('anna@example.com', ANDROID_CHROME);
    const laptop = await logIn('anna@example.com', MAC_SAFARI);
    const tablet = await logIn('anna@example.com', WINDOWS_FIREFOX);
    const bert = await logIn('bert@example.com', WINDOWS_FIREFOX);

    const answer = await endOthers(laptop);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ended: 2 });
    expect(await isLoggedIn(laptop)).toBe(true);
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(tablet)).toBe(false);
    expect(await isLoggedIn(bert)).toBe(true);
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, anna))).toHaveLength(1);
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, bertId))).toHaveLength(1);
    expect((await endOthers(laptop)).json).toEqual({ ended: 0 });
  });

  it('answers visitors with not_logged_in', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const anna = await logIn('anna@example.com', MAC_SAFARI);
    const handle = (await list(anna)).json.sessions[0].handle;
    for (const answer of [await list(), await end(undefined, handle), await endOthers()]) {
      expect(answer.status).toBe(403);
      expect(answer.json.error.code).toBe('not_logged_in');
    }
    expect(await isLoggedIn(anna)).toBe(true);
  });
});
