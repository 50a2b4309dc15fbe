import { describe, expect, it } from 'vitest';
import { samplesOf, sumOf } from '../helpers/metrics';
import { useBrowser } from './browser';
import { E2E_METRICS_TOKEN } from './global-setup';

/**
 * `/metrics` of the built server (docs/architecture.md §5 Metrics): after a few page loads, a
 * scrape with the token shows the requests under their route names (the Astro middleware's names
 * reach the production server's series), never a URL, and every application series. On the shared
 * server (counts are compared before and after, and the e2e files run one at a time).
 */
const TOKEN = E2E_METRICS_TOKEN;
const browser = useBrowser();

const scrape = async (authorization?: string) =>
  fetch(`${browser.baseURL}/metrics`, { headers: authorization ? { authorization } : {} });

/** A route label: a route pattern, or one of the server's own names. */
const ROUTE_NAME = /^(static|unmatched|invalid|lander|\/[A-Za-z0-9_.\-/[\]]*)$/;

describe('/metrics of the built server', () => {
  it('refuses a scrape without the right token', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(await none.text()).not.toContain('amora_');
    expect((await scrape('Bearer not-the-token-0123456789')).status).toBe(401);
  });

  it('counts page loads by route name after a few page loads', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const count = (text: string, labels: Record<string, string>) => sumOf(text, 'amora_http_requests_total', labels);

    const page = await browser.newPage();
    await page.goto(`${browser.baseURL}/`);
    await browser.waitForIslands(page);
    await page.goto(`${browser.baseURL}/login`);
    // The lander (fetched: only its route's counts matter here).
    const lander = await fetch(`${browser.baseURL}/landers/video/`);
    expect(lander.redirected && lander.status).toBe(200);
    const missing = await fetch(`${browser.baseURL}/members/987654321`);
    expect(missing.status).toBe(404);
    await missing.text();
    const settings = await fetch(`${browser.baseURL}/api/settings.php`, { headers: { 'package-name': 'amora' } });
    expect(settings.status).toBe(200);

    await settings.text();
    // A request is counted when its answer has finished on the server, which may be just after the
    // client read it: wait for the last one before reading the rest.
    let after = '';
    await expect
      .poll(async () => {
        const response = await scrape(`Bearer ${TOKEN}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        after = await response.text();
        return count(after, { route: '/api/settings.php', status: '200' });
      })
      .toBe(count(before, { route: '/api/settings.php', status: '200' }) + 1);
    expect(count(after, { route: '/', method: 'GET', status: '200' })).toBe(
      count(before, { route: '/', status: '200' }) + 1,
    );
    expect(count(after, { route: '/login', status: '200' })).toBe(
      count(before, { route: '/login', status: '200' }) + 1,
    );
    // The lander's redirect to the visitor's language and the lander itself.
    expect(count(after, { route: 'lander' })).toBeGreaterThanOrEqual(count(before, { route: 'lander' }) + 2);
    expect(count(after, { route: '/members/[memberId]', status: '404' })).toBe(
      count(before, { route: '/members/[memberId]', status: '404' }) + 1,
    );
    expect(count(after, { route: '/api/settings.php', status: '200' })).toBe(
      count(before, { route: '/api/settings.php', status: '200' }) + 1,
    );
    // The pages' scripts and styles come from the static files.
    expect(count(after, { route: 'static' })).toBeGreaterThan(count(before, { route: 'static' }));
    expect(sumOf(after, 'amora_http_request_duration_seconds_count', { route: '/' })).toBeGreaterThanOrEqual(1);

    const routes = samplesOf(after, 'amora_http_requests_total').map((sample) => sample.labels.route!);
    for (const route of routes) {
      expect(route).toMatch(ROUTE_NAME);
      expect(route).not.toContain('987654321');
    }
    // The scrapes themselves are not requests of the app.
    expect(routes).not.toContain('/metrics');

    for (const series of [
      'amora_event_streams_open',
      'amora_chat_messages_sent_total',
      'amora_db_pool_acquire_seconds',
      'amora_db_pool_waiting',
      'amora_job_runs_total',
      'amora_job_lag_seconds',
      'amora_outbox_pending',
      'amora_outbox_oldest_pending_age_seconds',
      'amora_payment_transactions',
      'process_cpu_seconds_total',
    ])
      expect(after).toContain(`# TYPE ${series} `);
    expect(sumOf(after, 'amora_outbox_pending', { queue: 'mail' })).toBeGreaterThanOrEqual(0);
  });
});
