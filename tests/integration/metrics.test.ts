import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversions, outboxMessages, postbacks, users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { metricsResponse } from '../../src/server/http/metrics-endpoint';
import { startPeriodicJobs, type PeriodicJob } from '../../src/server/lifecycle/periodic-jobs';
import { watchDatabaseForMetrics } from '../../src/server/metrics/database-gauges';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { openStream } from '../helpers/event-stream';
import { createMember } from '../helpers/factories';
import { samplesOf, sumOf } from '../helpers/metrics';
import { purchaseHelpers } from '../helpers/purchases';
import { loggedInMember } from '../helpers/session';

/**
 * `/metrics` (docs/architecture.md §5 Metrics): who may read it, and that each application series
 * appears and moves with what it measures. The request series are tested with the server
 * (metrics-http.test.ts, metrics.e2e.ts).
 */
const TOKEN = 'scrape-token-0123456789abcdef';
const { ctx, clock } = useTestContext({
  METRICS_TOKEN: TOKEN,
  METRICS_ALLOWED_IPS: '203.0.113.0/24',
  TRUST_PROXY: '10.0.0.0/8',
});
const buying = purchaseHelpers(ctx, clock);

/** One scrape as the route gets it: the peer address, and headers. */
function scrape(peer: string, headers: Record<string, string> = {}, context = ctx()) {
  const request = new Request('http://localhost:4321/metrics', { headers });
  return metricsResponse(context, { request, clientAddress: peer });
}

/** The scrape's text, with the token. */
async function metricsText(): Promise<string> {
  watchDatabaseForMetrics(ctx());
  const response = await scrape('198.51.100.1', { authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return response.text();
}

afterEach(() => {
  vi.useRealTimers();
  watchDatabaseForMetrics(null);
});

describe('who may read /metrics', () => {
  it('answers 404 when neither a token nor addresses are configured', async () => {
    const bare = { ...ctx(), config: { ...ctx().config, metrics: { token: null, allowedIps: null } } };
    const response = await scrape('127.0.0.1', { authorization: `Bearer ${TOKEN}` }, bare);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('amora_');
  });

  it('wants the Bearer token from an address outside the list: none or a wrong one is a 401', async () => {
    const none = await scrape('198.51.100.1');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.text()).not.toContain('amora_');
    expect((await scrape('198.51.100.1', { authorization: 'Bearer wrong-token-0123456789abc' })).status).toBe(401);
    expect((await scrape('198.51.100.1', { authorization: TOKEN })).status).toBe(401);
    const right = await scrape('198.51.100.1', { authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers.get('cache-control')).toBe('no-store');
    expect(await right.text()).toContain('# TYPE amora_chat_messages_sent_total counter');
  });

  it('lets an allowed client address in without the token, as TRUST_PROXY resolves it', async () => {
    expect((await scrape('203.0.113.9')).status).toBe(200);
    expect((await scrape('::ffff:203.0.113.9')).status).toBe(200);
    // Behind the trusted proxy the forwarded address counts; from anyone else it is ignored.
    expect((await scrape('10.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect((await scrape('10.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(401);
    expect((await scrape('198.51.100.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
  });

  it('answers 403 outside the address list when no token is configured', async () => {
    const listOnly = { ...ctx(), config: { ...ctx().config, metrics: { ...ctx().config.metrics, token: null } } };
    expect((await scrape('198.51.100.1', { authorization: `Bearer ${TOKEN}` }, listOnly)).status).toBe(403);
    expect((await scrape('203.0.113.200', {}, listOnly)).status).toBe(200);
  });
});

describe('application series', () => {
  it('counts each chat message sent', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const ben = await loggedInMember(ctx(), 'Ben', { country: 'NL' });
    await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, anna.id));
    const conversation = (
      await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } })
    ).json.id as number;
    const before = sumOf(await metricsText(), 'amora_chat_messages_sent_total');
    const sent = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation, text: 'Hi Ben' },
    });
    expect(sent.status).toBe(200);
    expect(sumOf(await metricsText(), 'amora_chat_messages_sent_total')).toBe(before + 1);
    // A refused message (no credits left) is not counted.
    await ctx().db.update(users).set({ credits: 0 }).where(eq(users.id, anna.id));
    const refused = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation, text: 'Again' },
    });
    expect(refused.status).not.toBe(200);
    expect(sumOf(await metricsText(), 'amora_chat_messages_sent_total')).toBe(before + 1);
  });

  it('shows the open event streams', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const before = sumOf(await metricsText(), 'amora_event_streams_open');
    const stream = await openStream(ctx(), anna.cookie);
    expect(sumOf(await metricsText(), 'amora_event_streams_open')).toBe(before + 1);
    await stream.close();
    await expect.poll(async () => sumOf(await metricsText(), 'amora_event_streams_open')).toBe(before);
  });

  it('reports each outbox queue: depth and the age of its oldest pending row', async () => {
    const empty = await metricsText();
    for (const queue of ['mail', 'push', 'notice', 'postback']) {
      expect(sumOf(empty, 'amora_outbox_pending', { queue })).toBe(0);
      expect(samplesOf(empty, 'amora_outbox_oldest_pending_age_seconds', { queue })).toHaveLength(1);
    }
    const createdAt = clock.now();
    await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'mail', purpose: 'test', userId: null, nextAttemptAt: createdAt, createdAt });
    const userId = await createMember(ctx());
    const [conversion] = await ctx()
      .db.insert(conversions)
      .values({ userId, site: 'amora', event: 'signup', key: 'signup', network: 'adnet', createdAt })
      .returning();
    await ctx().db.insert(postbacks).values({
      conversionId: conversion!.id,
      site: 'amora',
      network: 'adnet',
      method: 'GET',
      url: 'https://postback.example/p',
      nextAttemptAt: createdAt,
      createdAt,
    });
    clock.advance(90_000);
    const text = await metricsText();
    expect(sumOf(text, 'amora_outbox_pending', { queue: 'mail' })).toBe(1);
    expect(sumOf(text, 'amora_outbox_pending', { queue: 'postback' })).toBe(1);
    expect(sumOf(text, 'amora_outbox_pending', { queue: 'push' })).toBe(0);
    expect(sumOf(text, 'amora_outbox_oldest_pending_age_seconds', { queue: 'mail' })).toBe(90);
    expect(sumOf(text, 'amora_outbox_oldest_pending_age_seconds', { queue: 'postback' })).toBe(90);
    // A delivered row no longer counts.
    await ctx().db.update(outboxMessages).set({ status: 'delivered' });
    expect(sumOf(await metricsText(), 'amora_outbox_pending', { queue: 'mail' })).toBe(0);
  });

  it('counts payment transactions by status', async () => {
    const before = await metricsText();
    const open0 = sumOf(before, 'amora_payment_transactions', { status: 'open' });
    expect(
      samplesOf(before, 'amora_payment_transactions')
        .map((s) => s.labels.status)
        .sort(),
    ).toEqual(['cancelled', 'expired', 'failed', 'open', 'paid', 'refunded']);
    const buyer = await buying.buyer();
    const { row } = await buying.buy(buyer);
    await expect
      .poll(async () => sumOf(await metricsText(), 'amora_payment_transactions', { status: 'open' }))
      .toBe(open0 + 1);
    await buying.pay(row.providerPaymentId!);
    await settleTransaction(ctx(), row.providerPaymentId!);
    await expect.poll(async () => sumOf(await metricsText(), 'amora_payment_transactions', { status: 'paid' })).toBe(1);
    expect(sumOf(await metricsText(), 'amora_payment_transactions', { status: 'open' })).toBe(open0);
  });

  it('records periodic job runs, failures, durations and lag', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let runs = 0;
    const jobs: PeriodicJob[] = [
      { name: 'metrics_test_ok', owns: 'nothing', everyMs: 60_000, run: async () => void runs++ },
      {
        name: 'metrics_test_broken',
        owns: 'nothing',
        everyMs: 1,
        run: async () => Promise.reject(new Error('broken')),
      },
    ];
    const before = await metricsText();
    const ok0 = sumOf(before, 'amora_job_runs_total', { job: 'metrics_test_ok', outcome: 'success' });
    const failed0 = sumOf(before, 'amora_job_runs_total', { job: 'metrics_test_broken', outcome: 'failure' });
    const stop = startPeriodicJobs(ctx(), jobs);
    try {
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs).toBe(1);
      const text = await metricsText();
      expect(sumOf(text, 'amora_job_runs_total', { job: 'metrics_test_ok', outcome: 'success' })).toBe(ok0 + 1);
      expect(sumOf(text, 'amora_job_runs_total', { job: 'metrics_test_ok', outcome: 'failure' })).toBe(0);
      expect(sumOf(text, 'amora_job_runs_total', { job: 'metrics_test_broken', outcome: 'failure' })).toBeGreaterThan(
        failed0,
      );
      expect(sumOf(text, 'amora_job_duration_seconds_count', { job: 'metrics_test_ok' })).toBeGreaterThanOrEqual(1);
      expect(sumOf(text, 'amora_job_last_success_timestamp_seconds', { job: 'metrics_test_ok' })).toBeGreaterThan(0);
      expect(samplesOf(text, 'amora_job_last_success_timestamp_seconds', { job: 'metrics_test_broken' })).toHaveLength(
        0,
      );
      // On time: no lag. Never succeeding: the lag grows with the clock.
      expect(sumOf(text, 'amora_job_lag_seconds', { job: 'metrics_test_ok' })).toBe(0);
      const lag = sumOf(text, 'amora_job_lag_seconds', { job: 'metrics_test_broken' });
      await expect
        .poll(async () => sumOf(await metricsText(), 'amora_job_lag_seconds', { job: 'metrics_test_broken' }))
        .toBeGreaterThan(lag);
    } finally {
      stop();
    }
    expect(samplesOf(await metricsText(), 'amora_job_lag_seconds', { job: 'metrics_test_ok' })).toHaveLength(0);
  });

  it("measures the database's waits for its driver", async () => {
    const driver = ctx().database.driver;
    const before = await metricsText();
    const count0 = sumOf(before, 'amora_db_pool_acquire_seconds_count', { driver });
    await Promise.all(Array.from({ length: 12 }, () => ctx().db.execute(sql`SELECT pg_sleep(0.002)`)));
    const text = await metricsText();
    expect(sumOf(text, 'amora_db_pool_acquire_seconds_count', { driver })).toBeGreaterThanOrEqual(count0 + 12);
    // Twelve at once on one database (PGlite) or a pool of ten (PostgreSQL): some waited.
    expect(sumOf(text, 'amora_db_pool_acquire_seconds_sum', { driver })).toBeGreaterThan(
      sumOf(before, 'amora_db_pool_acquire_seconds_sum', { driver }),
    );
    expect(samplesOf(text, 'amora_db_pool_waiting', { driver })).toHaveLength(1);
    expect(sumOf(text, 'amora_db_pool_waiting', { driver })).toBe(0);
    if (driver === 'postgres') expect(samplesOf(text, 'amora_db_pool_connections', { state: 'idle' })).toHaveLength(1);
  });
});
