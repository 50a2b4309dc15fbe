import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDuePostbacks } from '../../src/server/affiliates/deliver-postbacks';
import { conversions, emailActivations, postbackAttempts, postbacks, users } from '../../src/server/db/schema';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { createLogger } from '../../src/server/log/logger';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { confirmActivation } from '../../src/server/signup/activation';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import {
  receiverTemplate,
  sitesWithAffiliates,
  SPRING_EXPERIMENT,
  startPostbackReceiver,
  type PostbackReceiver,
} from '../helpers/postback-receiver';
import { purchaseHelpers } from '../helpers/purchases';

let receiver: PostbackReceiver;
let sitesDir = '';
beforeAll(async () => {
  receiver = await startPostbackReceiver({ failFirst: 0 });
  sitesDir = sitesWithAffiliates({
    amora: {
      networks: {
        adnet: {
          postback: {
            url: receiverTemplate(receiver.port),
            events: ['signup', 'activation', 'sale', 'rebill', 'refund'],
            payout_cents: { signup: 150, sale: 2500 },
          },
        },
        leadsonly: { postback: { url: `http://127.0.0.1:${receiver.port}/lead?id={event_id}`, events: ['signup'] } },
      },
      experiments: [SPRING_EXPERIMENT],
    },
  });
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => receiver.reset());
const harness = useTestContext(() => ({
  SITES_DIR: sitesDir,
  POSTBACK_RETRY_BASE_MS: '1000',
  POSTBACK_TIMEOUT_MS: '500',
}));
const { ctx, clock } = harness;
const purchases = purchaseHelpers(ctx, clock);

const trackingCookie = (record: Record<string, string>) =>
  `amora_tracking=${encodeURIComponent(JSON.stringify(record))}`;
let signups = 0;
async function signup(record: Record<string, string> | null, site = 'amora') {
  signups += 1;
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    packageName: site,
    body: { email: `pb${signups}@example.com`, name: 'Pia', password: 'secret-pass', country: 'DE', language: 'de' },
    ...(record ? { cookie: trackingCookie(record) } : {}),
  });
  expect(created.status).toBe(200);
  const [row] = await ctx()
    .db.select({ id: users.id })
    .from(users)
    .where(eq(users.email, `pb${signups}@example.com`));
  return row!.id;
}
const postbackRows = () => ctx().db.select().from(postbacks).orderBy(asc(postbacks.id));
const conversionRows = () => ctx().db.select().from(conversions).orderBy(asc(conversions.id));
/** Signs a member of adnet up and sends the signup's queued postback to `other` instead; returns the row. */
async function signupPostbackTo(other: PostbackReceiver) {
  await signup({ network: 'adnet' });
  const [row] = await postbackRows();
  await ctx()
    .db.update(postbacks)
    .set({ url: row!.url.replace(`:${receiver.port}/`, `:${other.port}/`) });
  return row;
}
const receivedFor = (id: number) => receiver.received.filter((request) => request.query.id === String(id));

describe('postbacks (docs/product.md §12)', () => {
  it('records the signup with its postback in the signup transaction, and delivers it once with every macro URL-encoded', async () => {
    const userId = await signup({
      network: 'adnet',
      clickid: 'ck-1',
      ref: 'r 1',
      sub1: 'a&b=c',
      sub2: 'ü/ß',
      lander: 'gallery',
      variant: 'spring:b',
    });
    const [conversion] = await conversionRows();
    expect(conversion).toMatchObject({
      userId,
      event: 'signup',
      key: 'signup',
      network: 'adnet',
      lander: 'gallery',
      variant: 'spring:b',
    });
    const [queued] = await postbackRows();
    expect(queued).toMatchObject({ conversionId: conversion!.id, status: 'pending', method: 'GET', attempts: 0 });
    expect(queued!.url).toContain('s1=a%26b%3Dc');

    const lines: string[] = [];
    const logged = { ...ctx(), log: createLogger('info', { write: (line) => void lines.push(line) }) };
    expect(await deliverDuePostbacks(logged)).toEqual({ attempts: 1, delivered: 1 });
    const requests = receivedFor(conversion!.id);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.query).toEqual({
      cid: 'ck-1',
      net: 'adnet',
      ref: 'r 1',
      s1: 'a&b=c',
      s2: 'ü/ß',
      s3: '',
      event: 'signup',
      id: String(conversion!.id),
      tx: '',
      amount: '',
      cur: '',
      payout: '1.50',
      country: 'DE',
      lander: 'gallery',
      variant: 'spring:b',
    });
    const [sent] = await postbackRows();
    expect(sent).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, leaseToken: null });
    const attempts = await ctx().db.select().from(postbackAttempts);
    expect(attempts).toMatchObject([{ postbackId: sent!.id, statusCode: 200, error: null }]);
    // The log names the attempt with the query values masked: no click id, sub-id or token.
    const line = lines.find((each) => each.includes('postback delivered'))!;
    expect(JSON.parse(line)).toMatchObject({ postbackId: sent!.id, statusCode: 200, network: 'adnet' });
    expect(line).toContain(`http://127.0.0.1:${receiver.port}/pb?cid=***&net=***`);
    expect(line).not.toContain('ck-1');
    // Nothing is sent twice.
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 0, delivered: 0 });
    expect(receivedFor(conversion!.id)).toHaveLength(1);
  });

  it('retries with exponential backoff until a 2xx, only when due', async () => {
    const failing = await startPostbackReceiver({ failFirst: 2 });
    try {
      await signupPostbackTo(failing);
      expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 0 });
      let [after] = await postbackRows();
      expect(after).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'http 500' });
      expect(after!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(1000);
      // Not due yet: nothing is sent.
      expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 0, delivered: 0 });
      clock.advance(1000);
      expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 0 });
      [after] = await postbackRows();
      expect(after!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(2000);
      clock.advance(2000);
      expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });
      [after] = await postbackRows();
      expect(after).toMatchObject({ status: 'delivered', attempts: 3 });
      expect(failing.received.map((request) => request.status)).toEqual([500, 500, 200]);
      expect(failing.accepted).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('counts a timeout or a refused connection as a failed attempt, and gives up after 72 hours', async () => {
    const hanging = await startPostbackReceiver();
    hanging.holdAll();
    try {
      const row = await signupPostbackTo(hanging);
      await deliverDuePostbacks(ctx());
      let [after] = await postbackRows();
      expect(after).toMatchObject({ status: 'pending', lastError: 'timeout', lastStatusCode: null });
      await hanging.close();
      for (let round = 0; round < 40 && after!.status === 'pending'; round += 1) {
        clock.set(after!.nextAttemptAt);
        await deliverDuePostbacks(ctx());
        [after] = await postbackRows();
      }
      expect(after!.status).toBe('failed');
      expect(after!.lastError).toBe('ECONNREFUSED');
      const attempts = await ctx().db.select().from(postbackAttempts);
      const last = attempts.at(-1)!.attemptedAt.getTime();
      // The last attempt was inside the 72 h window; the next would have fallen outside it.
      expect(last - row!.createdAt.getTime()).toBeLessThanOrEqual(72 * 3_600_000);
      expect(attempts.length).toBeGreaterThan(10);
      clock.advance(7 * 24 * 3_600_000);
      expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 0, delivered: 0 });
    } finally {
      await hanging.close();
    }
  });

  it('leaves a row leased by a sender that died alone until its lease ends, then sends it', async () => {
    await signup({ network: 'adnet' });
    const [row] = await postbackRows();
    // What a sender killed mid-attempt leaves behind: a lease and one counted attempt.
    await ctx()
      .db.update(postbacks)
      .set({ leaseToken: 'dead-sender', leaseUntil: new Date(clock.now().getTime() + 5_500), attempts: 1 });
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 0, delivered: 0 });
    clock.advance(5_500);
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });
    expect(receivedFor(row!.conversionId)).toHaveLength(1);
    expect((await postbackRows())[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('lets two senders (processes) work at once without sending any postback twice', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await signup({ network: 'adnet', clickid: `c${i}` }));
    const other = await harness.secondProcess();
    const [a, b] = await Promise.all([deliverDuePostbacks(ctx()), deliverDuePostbacks(other)]);
    expect(a.delivered + b.delivered).toBe(12);
    const rows = await postbackRows();
    for (const row of rows) expect(receivedFor(row.conversionId)).toHaveLength(1);
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
  });

  it('records activation once, and a network only gets the events it asked for', async () => {
    const adnet = await signup({ network: 'adnet' });
    const leads = await signup({ network: 'LeadsOnly' });
    const organic = await signup(null);
    for (const userId of [adnet, leads, organic]) {
      const token = `tok-${userId}-${'x'.repeat(30)}`;
      const [profile] = await ctx().db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      await ctx()
        .db.insert(emailActivations)
        .values({
          userId,
          email: profile!.email,
          tokenHash: createHash('sha256').update(token).digest('hex'),
          expiresAt: new Date(clock.now().getTime() + 3_600_000),
        });
      expect(await confirmActivation(ctx(), token)).toBe('done');
      expect(await confirmActivation(ctx(), token)).toBe('invalid');
    }
    const events = (await conversionRows()).map((row) => `${row.userId}:${row.event}:${row.network ?? '-'}`);
    expect(events).toEqual([
      `${adnet}:signup:adnet`,
      `${leads}:signup:leadsonly`,
      `${organic}:signup:-`,
      `${adnet}:activation:adnet`,
      `${leads}:activation:leadsonly`,
      `${organic}:activation:-`,
    ]);
    // adnet wants signup and activation, leadsonly only the signup, the organic member has no network.
    const queued = await ctx()
      .db.select({ event: conversions.event, network: postbacks.network })
      .from(postbacks)
      .innerJoin(conversions, eq(conversions.id, postbacks.conversionId))
      .orderBy(asc(postbacks.id));
    expect(queued).toEqual([
      { event: 'signup', network: 'adnet' },
      { event: 'signup', network: 'leadsonly' },
      { event: 'activation', network: 'adnet' },
    ]);
  });

  it('sends the first purchase as a sale, later ones as rebills, and a refund, each with its amount', async () => {
    const userId = await signup({ network: 'adnet', clickid: 'buyer' });
    const first = await purchases.buyPaid(userId, { method: 'creditcard' });
    const second = await purchases.buyPaid(userId, { productId: 'starter', method: 'creditcard' });
    await purchases.sandbox().refundPayment(second.providerPaymentId!, second.amountCents, second.currency);
    await settleTransaction(ctx(), second.providerPaymentId!);
    await settleTransaction(ctx(), second.providerPaymentId!);
    const rows = await conversionRows();
    expect(rows.map((row) => [row.event, row.key, row.transactionId, row.amountCents, row.currency])).toEqual([
      ['signup', 'signup', null, null, null],
      ['sale', 'sale', first.id, first.amountCents, first.currency],
      ['rebill', `rebill:${second.id}`, second.id, second.amountCents, second.currency],
      ['refund', `refund:${second.id}`, second.id, second.amountCents, second.currency],
    ]);
    await deliverDuePostbacks(ctx());
    const sale = receiver.received.find((request) => request.query.id === String(rows[1]!.id))!;
    expect(sale.query).toMatchObject({
      event: 'sale',
      tx: String(first.id),
      amount: (first.amountCents / 100).toFixed(2),
      cur: first.currency,
      payout: '25.00',
      cid: 'buyer',
    });
    const refund = receiver.received.find((request) => request.query.id === String(rows[3]!.id))!;
    expect(refund.query).toMatchObject({ event: 'refund', tx: String(second.id), payout: '' });
  });

  it("keeps only a known lander and a variant of one of the site's experiments on the account", async () => {
    const userId = await signup({ network: 'adnet', lander: 'nolander', variant: 'spring:z' });
    const [row] = await ctx().db.select({ tracking: users.tracking }).from(users).where(eq(users.id, userId));
    expect(row!.tracking).toEqual({ network: 'adnet' });
    const kept = await signup({ lander: 'video', variant: 'spring:a' });
    const [keptRow] = await ctx().db.select({ tracking: users.tracking }).from(users).where(eq(users.id, kept));
    expect(keptRow!.tracking).toEqual({ lander: 'video', variant: 'spring:a' });
  });
});
