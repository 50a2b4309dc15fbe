import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../scripts/app-server.mjs';
import { routeNameOf } from '../../src/server/metrics/route-name';
import { samplesOf, sumOf } from '../helpers/metrics';

/**
 * The production server's request series (docs/architecture.md §5 Metrics): counted and timed by
 * route name, never by URL. The app stand-in names its routes the way src/middleware.ts does (the
 * real middleware is exercised by tests/e2e/metrics.e2e.ts).
 */
let dir: string;
let server: http.Server;
let base: string;

type Locals = { metricsRoute?: string };

function app(req: http.IncomingMessage, res: http.ServerResponse, _next: unknown, locals: Locals) {
  if (req.url?.startsWith('/members/')) {
    locals.metricsRoute = routeNameOf('/members/[memberId]');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>member</p>');
  } else if (req.url === '/landers/video/de') {
    locals.metricsRoute = routeNameOf('/landers/[design]/[slug]');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>lander</p>');
  } else if (req.url === '/api/events.php') {
    locals.metricsRoute = routeNameOf('/api/events.php');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(': connected\n\n');
  } else if (req.url === '/metrics') {
    locals.metricsRoute = routeNameOf('/metrics');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('scrape');
  } else {
    // What Astro does for a path no route matches: the 404 page, without our locals.
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<p>not found</p>');
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-metrics-http-'));
  fs.writeFileSync(path.join(dir, 'hello.txt'), 'hello');
  server = createAppServer({ clientDir: dir, app: app as never });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const scrape = () => client.register.metrics();
/** The status of a GET, once the server recorded it (the series are written when the answer closes). */
async function get(pathname: string): Promise<number> {
  const before = sumOf(await scrape(), 'amora_http_requests_total');
  const response = await fetch(base + pathname);
  await response.arrayBuffer();
  if (pathname !== '/metrics')
    await expect.poll(async () => sumOf(await scrape(), 'amora_http_requests_total')).toBe(before + 1);
  return response.status;
}

describe('request series by route name', () => {
  it('counts and times each request under its route name, with method and status', async () => {
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) => sumOf(text, 'amora_http_requests_total', labels);
    const timed = (text: string, route: string) => sumOf(text, 'amora_http_request_duration_seconds_count', { route });

    expect(await get('/hello.txt')).toBe(200);
    expect(await get('/_astro/missing.js')).toBe(404);
    expect(await get('/members/4242')).toBe(200);
    expect(await get('/members/4343')).toBe(200);
    expect(await get('/landers/video/de')).toBe(200);
    expect(await get('/nothing/here')).toBe(404);
    expect(await get('/%E0%A4%A')).toBe(400);
    expect(await get('/api/events.php')).toBe(200);
    const after = await scrape();

    expect(count(after, { route: 'static', method: 'GET', status: '200' })).toBe(
      count(before, { route: 'static', method: 'GET', status: '200' }) + 1,
    );
    expect(count(after, { route: 'static', status: '404' })).toBe(
      count(before, { route: 'static', status: '404' }) + 1,
    );
    expect(count(after, { route: '/members/[memberId]', method: 'GET', status: '200' })).toBe(
      count(before, { route: '/members/[memberId]', method: 'GET', status: '200' }) + 2,
    );
    expect(timed(after, '/members/[memberId]')).toBe(timed(before, '/members/[memberId]') + 2);
    expect(count(after, { route: 'lander' })).toBe(count(before, { route: 'lander' }) + 1);
    expect(count(after, { route: 'unmatched', status: '404' })).toBe(
      count(before, { route: 'unmatched', status: '404' }) + 1,
    );
    expect(count(after, { route: 'invalid', status: '400' })).toBe(
      count(before, { route: 'invalid', status: '400' }) + 1,
    );
    // An event stream is counted but not timed (its duration is the visit, not latency).
    expect(count(after, { route: '/api/events.php' })).toBe(count(before, { route: '/api/events.php' }) + 1);
    expect(timed(after, '/api/events.php')).toBe(timed(before, '/api/events.php'));

    // Labels hold route names only: never a member id, a file or the path asked for.
    const routes = new Set(samplesOf(after, 'amora_http_requests_total').map((sample) => sample.labels.route));
    for (const route of routes) expect(route).not.toMatch(/4242|4343|hello|missing|nothing|video|%/);
  });

  it('does not record the scrapes of /metrics', async () => {
    const before = sumOf(await scrape(), 'amora_http_requests_total');
    expect(await get('/metrics')).toBe(200);
    expect(await get('/hello.txt')).toBe(200);
    const text = await scrape();
    expect(sumOf(text, 'amora_http_requests_total')).toBe(before + 1);
    expect(samplesOf(text, 'amora_http_requests_total', { route: '/metrics' })).toEqual([]);
  });
});
