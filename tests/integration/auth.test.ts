import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from '../../src/server/platform/accounts/deleted-email';
import { profiles, sessions, users } from '../../src/server/db/schema';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { logoutEndpoint } from '../../src/server/http/endpoints/logout';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';

const harness = useTestContext();
const { ctx } = harness;

const signupPayload = (overrides: Record<string, unknown> = {}) => ({
  email: 'Anna@Example.com',
  name: 'Anna',
  password: 'secret-pass',
  trafficsource: null,
  timezone: 'Europe/Amsterdam',
  country: 'NL',
  language: 'nl',
  profile: null,
  form_path: '/signup',
  referrer: '',
  csrf: 'abc',
  token: null,
  n: 'Mozilla/5.0 test',
  ...overrides,
});

const signup = (body: unknown, options = {}) =>
  callApi(ctx(), userEndpoint, '/api/user.php', { method: 'POST', query: { new: 1 }, body, ...options });

describe('POST /api/user.php?new=1', () => {
  it('creates the account with an argon2id hash and starts a session', async () => {
    const { status, json, cookies } = await signup(signupPayload());
    expect(status).toBe(200);
    expect(json.user).toMatchObject({ email: 'anna@example.com', paid_user: false, mailprovider: 0 });
    expect(json.user.profile).toMatchObject({ name: 'Anna', country: 'NL', language: 'nl', lastSignupStep: 1 });
    const [row] = await ctx().db.select().from(users);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.userAgent).toBe('Mozilla/5.0 test');
    const cookie = cookies.find((c) => c.startsWith('amora_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const token = sessionCookieFrom(cookies).split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const me = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: sessionCookieFrom(cookies) });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('anna@example.com');
  });

  it('stores the originating profile, traffic source and referrer of the payload', async () => {
    await signup(
      signupPayload({
        profile: 42,
        trafficsource: 'adnet',
        referrer: 'https://lander.example/x',
        form_path: '/signup',
      }),
    );
    const [row] = await ctx().db.select().from(users);
    expect(row).toMatchObject({
      originatingProfileId: 42,
      trafficsource: 'adnet',
      referrer: 'https://lander.example/x',
      formPath: '/signup',
      timezone: 'Europe/Amsterdam',
    });
  });

  it('stores the tracking record from the tracking cookie', async () => {
    const tracking = encodeURIComponent(JSON.stringify({ network: 'adnet', sub1: 'x1', bogus: 'y' }));
    await signup(signupPayload(), { cookie: `amora_tracking=${tracking}` });
    const [row] = await ctx().db.select().from(users);
    expect(row!.tracking).toEqual({ network: 'adnet', sub1: 'x1' });
  });

  it('answers a duplicate e-mail with signup.existing_account_active and writes nothing', async () => {
    await signup(signupPayload());
    const again = await signup(signupPayload({ email: 'anna@example.com', name: 'Other' }));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'account_exists', message: 'signup.existing_account_active' });
    expect(await ctx().db.select().from(users)).toHaveLength(1);
  });

  it('signs the address of a deleted account up again as a new account (docs/product.md §10 Account deletion)', async () => {
    await signup(signupPayload());
    await ctx()
      .db.update(users)
      .set({ status: 'deleted', email: deletedEmailMarker(ctx().secret, 'amora', 'anna@example.com') });
    const again = await signup(signupPayload());
    expect(again.status).toBe(200);
    expect(again.json.user.email).toBe('anna@example.com');
    expect(await ctx().db.select().from(users)).toHaveLength(2);
    // The new account is live: a further signup with the address is a duplicate.
    expect((await signup(signupPayload({ name: 'Other' }))).json.error.code).toBe('account_exists');
  });

  it('refuses a name equal to the e-mail or starting with @', async () => {
    const equal = await signup(signupPayload({ name: 'anna@example.com' }));
    expect(equal.status).toBe(422);
    expect(equal.json.error.issues).toEqual([{ path: 'name', message: 'signup.name_equal_to_email' }]);
    const at = await signup(signupPayload({ name: '@anna' }));
    expect(at.json.error.issues).toEqual([{ path: 'name', message: 'signup.name_starts_with_at' }]);
    expect(await ctx().db.select().from(users)).toHaveLength(0);
  });

  it('is refused on a site whose signups need a traffic source', async () => {
    const closed = await signup(signupPayload(), { packageName: 'lovelane' });
    expect(closed.status).toBe(403);
    expect(closed.json.error.message).toBe('signup.invite_only');
    const open = await signup(signupPayload({ trafficsource: 'adnet' }), { packageName: 'lovelane' });
    expect(open.status).toBe(200);
  });

  it('rate-limits signups per address', async () => {
    for (let i = 0; i < ctx().config.rateLimits.signupsPerHour; i++) {
      expect((await signup(signupPayload({ email: `u${i}@example.com`, name: `U${i}` }))).status).toBe(200);
    }
    const limited = await signup(signupPayload({ email: 'u9@example.com', name: 'U9' }));
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('login, user and logout', () => {
  it('logs in, rotates the session, and logs out', async () => {
    const created = await signup(signupPayload());
    const first = sessionCookieFrom(created.cookies);
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'ANNA@example.com', password: 'secret-pass' },
      cookie: first,
    });
    expect(login.status).toBe(200);
    expect(login.json.user.email).toBe('anna@example.com');
    const second = sessionCookieFrom(login.cookies);
    expect(second).not.toBe(first);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: first })).status).toBe(403);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: second })).status).toBe(200);

    const logout = await callApi(ctx(), logoutEndpoint, '/api/logout.php', { cookie: second });
    expect(logout.json).toBe('done');
    expect(logout.cookies.join()).toMatch(/amora_session=;.*Max-Age=0/i);
    expect(await ctx().db.select().from(sessions)).toHaveLength(0);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: second })).status).toBe(403);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    await signup(signupPayload());
    const wrong = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'anna@example.com', password: 'nope-nope' },
    });
    const unknown = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.cookies).toEqual([]);
  });

  it('keeps accounts of different sites apart', async () => {
    await signup(signupPayload());
    const other = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      packageName: 'lovelane',
      body: { email: 'anna@example.com', password: 'secret-pass' },
    });
    expect(other.status).toBe(401);
  });

  it('rate-limits login attempts on one account', async () => {
    await signup(signupPayload());
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await callApi(ctx(), loginEndpoint, '/api/login.php', {
          method: 'POST',
          body: { email: 'anna@example.com', password: 'wrong-pass' },
          clientAddress: `198.51.100.${i}`,
        })
      ).status;
    }
    expect(last).toBe(429);
  });

  it('answers 403 without a session, and after the account is deleted', async () => {
    expect((await callApi(ctx(), userEndpoint, '/api/user.php')).status).toBe(403);
    const created = await signup(signupPayload());
    await ctx().db.update(users).set({ status: 'deleted' });
    await ctx().db.update(profiles).set({ isVisible: false }).where(eq(profiles.name, 'Anna'));
    const me = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: sessionCookieFrom(created.cookies) });
    expect(me.status).toBe(403);
    expect(me.json.error.code).toBe('not_logged_in');
  });

  it('expires sessions after their lifetime', async () => {
    const { clock } = harness;
    const created = await signup(signupPayload());
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(
      (await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: sessionCookieFrom(created.cookies) })).status,
    ).toBe(403);
  });
});
