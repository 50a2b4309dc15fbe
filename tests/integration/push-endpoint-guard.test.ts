import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../src/server/db/schema';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { createPushService } from '../../src/server/push/push-service';
import { sendPushToUser } from '../../src/server/push/subscriptions';
import { AddressNotAllowedError } from '../../src/server/platform/security/guarded-lookup';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { usePushService } from '../helpers/push-service';

// The test-only switch is off here: this is how a production server treats endpoints.
const { ctx } = useTestContext({ PUSH_ALLOW_INSECURE_ENDPOINTS: '0' });
const pushServiceOf = usePushService();

async function member(): Promise<string> {
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: {
      email: `g${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Gina',
      password: 'secret-pass',
      language: 'en',
    },
  });
  return sessionCookieFrom(created.cookies);
}

const subscribe = (cookie: string, endpoint: string) =>
  callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { push: 1 },
    body: { subscription: { ...pushServiceOf().createSubscription(), endpoint } },
    cookie,
  });

describe('push endpoints that point into the server’s own network (docs/product.md §7 POST /api/user.php?push=1)', () => {
  // Every one of these reaches the loopback stand-in if the server connects. Private, link-local and
  // other ranges are covered without any connection in src/server/push/endpoint-policy.test.ts.
  const hosts = [
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '2130706433', // 127.0.0.1 as one decimal number
    '0x7f.1', // 127.0.0.1 in hex shorthand
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::ffff:0.0.0.0]',
    '[::]',
    '[::1]',
    'localhost', // a name that resolves to loopback
  ];

  it.each(hosts)('refuses https://%s and never connects there', async (host) => {
    const cookie = await member();
    const connectionsBefore = pushServiceOf().connections();
    const { status, json } = await subscribe(cookie, `https://${host}:${pushServiceOf().port}/push/x`);
    expect(status).toBe(422);
    expect(json.error.issues).toEqual([{ path: 'subscription.endpoint', message: 'push.invalid_endpoint' }]);
    expect(await ctx().db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(pushServiceOf().connections()).toBe(connectionsBefore);
  });
});

describe('pushes to endpoints that became unsafe after subscribing (docs/product.md §7)', () => {
  const keys = { subject: 'mailto:t@example.com', ...webpush.generateVAPIDKeys() };
  const production = { allowLoopback: false, domains: [] };
  // A push service name whose DNS answer was re-pointed at the server's own machine after the check.
  const rebound: LookupFunction = (hostname, options, callback) =>
    hostname === 'push.rebound.test'
      ? dns.lookup('127.0.0.1', options, callback)
      : dns.lookup(hostname, options, callback);

  it('refuses at connect time a name that now resolves to loopback', async () => {
    const target = { ...pushServiceOf().createSubscription() };
    target.endpoint = target.endpoint.replace('127.0.0.1', 'push.rebound.test');
    const before = pushServiceOf().connections();
    const guarded = createPushService(keys, production, { lookup: rebound });
    await expect(guarded.send(target, { title: 't', body: 'b', url: '/' })).rejects.toBeInstanceOf(
      AddressNotAllowedError,
    );
    expect(pushServiceOf().connections()).toBe(before);
    // Control: the same lookup with loopback allowed does reach the stand-in, so the refusal above is the guard's.
    const open = createPushService(keys, { allowLoopback: true, domains: [] }, { lookup: rebound });
    await open.send(target, { title: 't', body: 'b', url: '/' }).catch(() => 'certificate refused');
    expect(pushServiceOf().connections()).toBe(before + 1);
  });

  it('skips a stored endpoint whose host is an address outside the policy, without connecting', async () => {
    await member();
    const [user] = await ctx().db.select({ id: users.id }).from(users);
    const subscription = pushServiceOf().createSubscription();
    // Stored directly, as a row written before the endpoint rules were this strict would be.
    await ctx()
      .db.insert(pushSubscriptions)
      .values({
        userId: user!.id,
        endpoint: subscription.endpoint.replace('127.0.0.1', '[::ffff:7f00:1]'),
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: null,
        createdAt: new Date(),
      });
    const before = pushServiceOf().connections();
    expect(await sendPushToUser(ctx(), user!.id, { title: 't', body: 'b', url: '/' })).toBe(0);
    expect(pushServiceOf().connections()).toBe(before);
  });
});
