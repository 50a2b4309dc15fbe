import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDuePostbacks } from '../../src/server/affiliates/deliver-postbacks';
import { auditLog, conversions, landerVisits, postbacks, users } from '../../src/server/db/schema';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import {
  sitesWithAffiliates,
  SPRING_EXPERIMENT,
  startPostbackReceiver,
  type PostbackReceiver,
} from '../helpers/postback-receiver';

/** docs/product.md §13 Affiliates through the real operator API: the report by network and day, the postback log and resend. */
let receiver: PostbackReceiver;
/** Answers 500 to the first two requests of each event id. */
let flaky: PostbackReceiver;
let sitesDir = '';
beforeAll(async () => {
  receiver = await startPostbackReceiver();
  flaky = await startPostbackReceiver({ failFirst: 2 });
  const template = (port: number) => `http://127.0.0.1:${port}/pb?cid={click_id}&event={event}&id={event_id}`;
  sitesDir = sitesWithAffiliates({
    amora: {
      networks: {
        adnet: { postback: { url: template(receiver.port), events: ['signup', 'activation', 'sale'] } },
        flakynet: { postback: { url: template(flaky.port), events: ['signup'] } },
      },
      experiments: [SPRING_EXPERIMENT],
    },
  });
});
afterAll(async () => {
  await receiver.close();
  await flaky.close();
});
beforeEach(() => {
  receiver.reset();
  flaky.reset();
});
const { ctx, clock } = useTestContext(() => ({
  SITES_DIR: sitesDir,
  POSTBACK_RETRY_BASE_MS: '1000',
  POSTBACK_TIMEOUT_MS: '5000',
}));
const HOUR_MS = 60 * 60_000;

let signups = 0;
/** A signup through the member API with a tracking record; returns the account id. */
async function signup(record: Record<string, string>) {
  signups += 1;
  const email = `aff${signups}@example.com`;
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: { email, name: 'Pia', password: 'secret-pass', country: 'DE', language: 'de' },
    cookie: `amora_tracking=${encodeURIComponent(JSON.stringify(record))}`,
  });
  expect(created.status).toBe(200);
  return (await ctx().db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
}
const postbackRows = () => ctx().db.select().from(postbacks).orderBy(asc(postbacks.id));

/** Signups (and later activations / sales) of one traffic source on `day`, written as conversions. */
async function cohort(
  source: { network: string | null; lander: string | null; variant: string | null },
  day: string,
  counts: { signups: number; activations: number; sales: number },
) {
  for (let i = 0; i < counts.signups; i += 1) {
    const userId = await createMember(ctx());
    const base = { userId, site: 'amora', ...source, createdAt: new Date(`${day}T10:00:00Z`) };
    await ctx()
      .db.insert(conversions)
      .values({ ...base, event: 'signup', key: 'signup' });
    if (i < counts.activations)
      await ctx()
        .db.insert(conversions)
        .values({ ...base, event: 'activation', key: 'activation' });
    if (i < counts.sales)
      await ctx()
        .db.insert(conversions)
        .values({ ...base, event: 'sale', key: 'sale', createdAt: new Date('2026-11-30T00:00:00Z') });
  }
}

describe('affiliate report', () => {
  it('gives visits, signups, activations and sales with rates per network, lander, variant and day', async () => {
    const visit = (day: string, lander: string, variant: string, network: string, visits: number) =>
      ctx().db.insert(landerVisits).values({ site: 'amora', day, lander, variant, network, visits });
    await visit('2026-11-10', 'video', 'spring:a', 'adnet', 40);
    await visit('2026-11-11', 'video', 'spring:a', 'adnet', 60);
    await visit('2026-11-10', 'gallery', 'spring:b', 'adnet', 50);
    await visit('2026-11-10', 'video', '', '', 20);
    await visit('2026-11-12', 'video', 'spring:a', 'adnet', 999); // outside the period
    await cohort({ network: 'adnet', lander: 'video', variant: 'spring:a' }, '2026-11-10', {
      signups: 4,
      activations: 2,
      sales: 1,
    });
    await cohort({ network: 'adnet', lander: 'video', variant: 'spring:a' }, '2026-11-11', {
      signups: 6,
      activations: 3,
      sales: 0,
    });
    await cohort({ network: 'adnet', lander: 'gallery', variant: 'spring:b' }, '2026-11-10', {
      signups: 10,
      activations: 5,
      sales: 2,
    });
    await cohort({ network: null, lander: null, variant: null }, '2026-11-11', {
      signups: 2,
      activations: 0,
      sales: 0,
    });
    const finance = await loggedInOperator(ctx(), 'finance');
    const report = (query: Record<string, string>) =>
      callAdmin(ctx(), '/admin/api/affiliates/report', {
        cookie: finance.cookie,
        query: { site: 'amora', from: '2026-11-10', to: '2026-11-11', ...query },
      });

    const whole = await report({});
    expect(whole.status).toBe(200);
    const summary = (rows: Record<string, any>[]) =>
      rows.map((row) => [
        row.network,
        row.lander,
        row.variant,
        row.day,
        row.visits,
        row.signups,
        row.activations,
        row.sales,
      ]);
    expect(summary(whole.json.rows)).toEqual([
      [null, '(none)', null, null, 0, 2, 0, 0],
      [null, 'video', null, null, 20, 0, 0, 0],
      ['adnet', 'gallery', 'spring:b', null, 50, 10, 5, 2],
      ['adnet', 'video', 'spring:a', null, 100, 10, 5, 1],
    ]);
    const gallery = whole.json.rows[2];
    expect(gallery.signupRate).toMatchObject({ successes: 10, trials: 50, rate: 0.2 });
    expect(gallery.saleRate.rate).toBeCloseTo(0.04, 10);
    expect(gallery.signupRate.low).toBeLessThan(0.2);
    expect(gallery.signupRate.high).toBeGreaterThan(0.2);
    expect(whole.json.rows[0].signupRate.rate).toBeNull(); // no visits: no rate
    expect(whole.json.experiments).toEqual([
      expect.objectContaining({ experiment: 'spring', leader: 'spring:b', runnerUp: 'spring:a' }),
    ]);

    const daily = await report({ byDay: '1' });
    expect(summary(daily.json.rows)).toEqual([
      [null, '(none)', null, '2026-11-11', 0, 2, 0, 0],
      [null, 'video', null, '2026-11-10', 20, 0, 0, 0],
      ['adnet', 'gallery', 'spring:b', '2026-11-10', 50, 10, 5, 2],
      ['adnet', 'video', 'spring:a', '2026-11-10', 40, 4, 2, 1],
      ['adnet', 'video', 'spring:a', '2026-11-11', 60, 6, 3, 0],
    ]);

    expect((await report({ site: 'nosuchsite' })).status).toBe(404);
    expect((await report({ from: '2026-11-12', to: '2026-11-11' })).status).toBe(422);
  });
});

describe('postback log', () => {
  it('lists postbacks with their state, and a resend makes a failed one due again and delivers it', async () => {
    const delivered = await signup({ network: 'adnet', clickid: 'ck-a' });
    await signup({ network: 'flakynet', clickid: 'ck-f' });
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 2, delivered: 1 });
    // The flaky network keeps failing until the 72 hours of retries are over.
    clock.advance(73 * HOUR_MS);
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 0 });
    const [good, bad] = await postbackRows();
    expect([good!.status, bad!.status]).toEqual(['delivered', 'failed']);

    const finance = await loggedInOperator(ctx(), 'finance');
    const list = (query: Record<string, string | number> = {}) =>
      callAdmin(ctx(), '/admin/api/affiliates/postbacks', { cookie: finance.cookie, query });
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.json.hasMore).toBe(false);
    expect(all.json.postbacks.map((row: { id: number }) => row.id)).toEqual([bad!.id, good!.id]);
    expect(all.json.postbacks[1]).toMatchObject({
      site: 'amora',
      network: 'adnet',
      event: 'signup',
      eventId: good!.conversionId,
      memberId: delivered,
      transactionId: null,
      method: 'GET',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      createdAt: '2026-11-21T12:00:00.000Z',
      deliveredAt: '2026-11-21T12:00:00.000Z',
    });
    // The console shows the URL as sent: click ids are the network's, not personal data.
    expect(all.json.postbacks[1].url).toBe(
      `http://127.0.0.1:${receiver.port}/pb?cid=ck-a&event=signup&id=${good!.conversionId}`,
    );
    expect(all.json.postbacks[0]).toMatchObject({
      network: 'flakynet',
      status: 'failed',
      attempts: 2,
      lastStatusCode: 500,
    });
    const ids = async (query: Record<string, string | number>) =>
      (await list(query)).json.postbacks.map((row: { id: number }) => row.id);
    expect(await ids({ status: 'failed' })).toEqual([bad!.id]);
    expect(await ids({ network: 'AdNet' })).toEqual([good!.id]);
    expect(await ids({ event: 'sale' })).toEqual([]);
    expect(await ids({ event: 'signup', site: 'amora' })).toEqual([bad!.id, good!.id]);
    expect(await ids({ site: 'flirtbox' })).toEqual([]);
    expect(await ids({ before: bad!.id })).toEqual([good!.id]);

    const resent = await callAdmin(ctx(), `/admin/api/affiliates/postbacks/${bad!.id}/resend`, {
      method: 'POST',
      cookie: finance.cookie,
    });
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({ id: bad!.id, status: 'pending', nextAttemptAt: clock.now().toISOString() });
    expect((await postbackRows())[1]).toMatchObject({ status: 'pending', nextAttemptAt: clock.now(), url: bad!.url });
    expect(await ctx().db.select().from(auditLog).where(eq(auditLog.objectType, 'postback'))).toEqual([
      expect.objectContaining({
        operatorId: finance.id,
        action: 'postback.resend',
        objectId: String(bad!.id),
        before: { status: 'failed', nextAttemptAt: bad!.nextAttemptAt.toISOString() },
        after: { status: 'pending', nextAttemptAt: clock.now().toISOString() },
      }),
    ]);

    // The sender delivers it now, with the same event id as every earlier attempt.
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });
    expect(flaky.received.map((request) => [request.query.id, request.status])).toEqual([
      [String(bad!.conversionId), 500],
      [String(bad!.conversionId), 500],
      [String(bad!.conversionId), 200],
    ]);
    expect((await postbackRows())[1]).toMatchObject({ status: 'delivered', attempts: 3 });
    const attempts = await callAdmin(ctx(), `/admin/api/affiliates/postbacks/${bad!.id}/attempts`, {
      cookie: finance.cookie,
    });
    expect(attempts.json.attempts.map((row: { statusCode: number }) => row.statusCode)).toEqual([500, 500, 200]);
    expect(
      (await callAdmin(ctx(), '/admin/api/affiliates/postbacks/999999/attempts', { cookie: finance.cookie })).status,
    ).toBe(404);
  });

  it('resends a delivered postback on purpose, but not while a sender is sending it', async () => {
    await signup({ network: 'adnet', clickid: 'ck-b' });
    const finance = await loggedInOperator(ctx(), 'finance');
    const resend = (id: number) =>
      callAdmin(ctx(), `/admin/api/affiliates/postbacks/${id}/resend`, { method: 'POST', cookie: finance.cookie });
    const [row] = await postbackRows();

    receiver.holdAll();
    const sending = deliverDuePostbacks(ctx());
    await expect.poll(() => receiver.held(), { timeout: 5_000 }).toBe(1);
    const busy = await resend(row!.id);
    expect(busy.status).toBe(409);
    expect(busy.json.error.code).toBe('conflict');
    receiver.release();
    await sending;
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 0, delivered: 0 }); // its retry is not due yet
    clock.advance(2_000);
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });

    expect((await resend(row!.id)).status).toBe(200);
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });
    const ids = receiver.accepted.map((request) => request.query.id);
    expect(ids).toEqual([String(row!.conversionId), String(row!.conversionId)]);
    expect((await resend(999_999)).status).toBe(404);
    expect(await ctx().db.select().from(auditLog).where(eq(auditLog.objectType, 'postback'))).toHaveLength(1);
  });

  it('answers 403 to moderators and support on every operation of the section', async () => {
    await signup({ network: 'adnet' });
    const [row] = await postbackRows();
    for (const role of ['moderator', 'support'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role);
      const answers = await Promise.all([
        callAdmin(ctx(), '/admin/api/affiliates/report', {
          cookie,
          query: { site: 'amora', from: '2026-11-01', to: '2026-11-30' },
        }),
        callAdmin(ctx(), '/admin/api/affiliates/postbacks', { cookie }),
        callAdmin(ctx(), `/admin/api/affiliates/postbacks/${row!.id}/attempts`, { cookie }),
        callAdmin(ctx(), `/admin/api/affiliates/postbacks/${row!.id}/resend`, { method: 'POST', cookie }),
      ]);
      for (const answer of answers) expect([answer.status, answer.json.error.code]).toEqual([403, 'forbidden']);
    }
    expect((await postbackRows())[0]!.status).toBe('pending');
    expect(await ctx().db.select().from(auditLog).where(eq(auditLog.objectType, 'postback'))).toEqual([]);
  });
});
