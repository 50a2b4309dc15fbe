import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/server/db/schema';
import { pageHiddenEndpoint } from '../../src/server/http/endpoints/page-hidden';
import { settingsEndpoint } from '../../src/server/http/endpoints/settings';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { checkPushEndpoint } from '../../src/server/push/endpoint-policy';
import { sendPushToUser } from '../../src/server/push/subscriptions';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { usePushService } from '../helpers/push-service';

const { ctx } = useTestContext({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
const pushServiceOf = usePushService();

async function member(): Promise<string> {
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: {
      email: `p${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Pia',
      password: 'secret-pass',
      language: 'de',
    },
  });
  return sessionCookieFrom(created.cookies);
}

const subscribe = (cookie: string | undefined, subscription: unknown) =>
  callApi(ctx(), userEndpoint, '/api/user.php', { method: 'POST', query: { push: 1 }, body: { subscription }, cookie });

describe('push subscriptions (docs/product.md §7 POST /api/user.php?push=1)', () => {
  it('exposes the VAPID public key as push_pub', async () => {
    const { json } = await callApi(ctx(), settingsEndpoint, '/api/settings.php');
    expect(json.push_pub).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('stores the subscription and sends an encrypted welcome push through web-push', async () => {
    const cookie = await member();
    const subscription = pushServiceOf().createSubscription();
    const before = pushServiceOf().received.length;
    const { status, json } = await subscribe(cookie, subscription);
    expect(status).toBe(200);
    expect(json).toEqual({ subscribed: true });
    expect(await ctx().db.select().from(pushSubscriptions)).toHaveLength(1);
    const push = pushServiceOf().received[before]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(push.payload).toMatchObject({ title: expect.stringContaining('Amora'), url: '/members', tag: 'welcome' });
    // German member → German text.
    expect((push.payload as { body: string }).body).not.toBe('');
    // Subscribing again is idempotent and does not send another welcome.
    await subscribe(cookie, subscription);
    expect(pushServiceOf().received.length).toBe(before + 1);
  });

  it('removes a subscription the push service reports gone (410)', async () => {
    const cookie = await member();
    await subscribe(cookie, pushServiceOf().createSubscription());
    const [row] = await ctx().db.select().from(pushSubscriptions);
    pushServiceOf().setStatus(410);
    try {
      expect(await sendPushToUser(ctx(), row!.userId, { title: 't', body: 'b', url: '/' })).toBe(0);
    } finally {
      pushServiceOf().setStatus(201);
    }
    expect(await ctx().db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('unsubscribes only the caller', async () => {
    const cookie = await member();
    const other = await member();
    const subscription = pushServiceOf().createSubscription();
    await subscribe(cookie, subscription);
    const wrongOwner = await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'DELETE',
      query: { push: 1 },
      body: { endpoint: subscription.endpoint },
      cookie: other,
    });
    expect(wrongOwner.status).toBe(200);
    expect(await ctx().db.select().from(pushSubscriptions)).toHaveLength(1);
    await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'DELETE',
      query: { push: 1 },
      body: { endpoint: subscription.endpoint },
      cookie,
    });
    expect(await ctx().db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('refuses visitors and bad subscriptions', async () => {
    expect((await subscribe(undefined, pushServiceOf().createSubscription())).status).toBe(403);
    const cookie = await member();
    const bad = await subscribe(cookie, { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(422);
    expect((await subscribe(cookie, { endpoint: 'https://push.example/x' })).status).toBe(422);
  });

  it('only allows https push services, and loopback only behind the test switch', async () => {
    const production = { allowLoopback: false, domains: [] };
    const testSwitch = { allowLoopback: true, domains: [] };
    const resolvesPublic = async () => ['142.250.74.10'];
    expect(await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', production, resolvesPublic)).toBe(true);
    expect(await checkPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', production, resolvesPublic)).toBe(false);
    expect(await checkPushEndpoint('https://127.0.0.1:9000/push', production)).toBe(false);
    expect(await checkPushEndpoint('https://localhost/push', production)).toBe(false);
    expect(await checkPushEndpoint('http://127.0.0.1:9000/push', testSwitch)).toBe(false);
    expect(await checkPushEndpoint('https://127.0.0.1:9000/push', testSwitch)).toBe(true);
    // The test switch admits loopback only, never the rest of the local network.
    expect(await checkPushEndpoint('https://10.0.0.1/push', testSwitch)).toBe(false);
    expect(await checkPushEndpoint('https://0.0.0.0:9000/push', testSwitch)).toBe(false);
  });
});

describe('POST /api/page-hidden.php', () => {
  it('accepts the empty JSON beacon', async () => {
    const cookie = await member();
    const { status, json } = await callApi(ctx(), pageHiddenEndpoint, '/api/page-hidden.php', {
      method: 'POST',
      body: {},
      cookie,
    });
    expect(status).toBe(200);
    expect(json).toEqual({ recorded: true });
    const visitor = await callApi(ctx(), pageHiddenEndpoint, '/api/page-hidden.php', { method: 'POST', body: {} });
    expect(visitor.json).toEqual({ recorded: false });
  });
});
