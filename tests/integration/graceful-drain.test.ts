import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from '../../scripts/app-server.mjs';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, drainable, shutdownTimeoutMs } from '../../scripts/graceful.mjs';
import { healthResponder } from '../../scripts/health.mjs';

/**
 * The HTTP side of starting and stopping (docs/architecture.md §3 Starting, health and restarts):
 * `/healthz` and `/readyz` answered before the app, and a drain that lets requests under way finish,
 * closes kept-alive connections with `Connection: close`, accepts no new connection, and cuts what
 * is left at the deadline.
 */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-graceful-'));
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** An app stand-in: `/fast` answers at once, `/slow` when `release()` is called, `/stuck` never. */
function standIn() {
  const seen: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(req.url ?? '');
    if (req.url === '/stuck') return;
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    if (req.url === '/slow') void released.then(answer);
    else answer();
  };
  return { app, seen, release: () => release() };
}

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, url: string, options: http.RequestOptions = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    request.on('error', reject);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('/healthz and /readyz', () => {
  it('answer before the app: alive always, ready by the report, 503 when not ready', async () => {
    let report: { ready: boolean; state: string } | Error = { ready: true, state: 'ready' };
    const { app, seen } = standIn();
    const health = healthResponder(() => (report instanceof Error ? Promise.reject(report) : Promise.resolve(report)));
    const port = await listen(createAppServer({ clientDir, app, health }));

    const alive = await get(port, '/healthz');
    expect(alive).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(alive.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(await get(port, '/readyz?probe=lb')).toMatchObject({ status: 200, body: JSON.stringify(report) });
    report = { ready: false, state: 'draining' };
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: JSON.stringify(report) });
    report = new Error('lifecycle module failed');
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"ready":false}' });
    expect((await get(port, '/readyz', { method: 'POST' })).status).toBe(405);
    expect((await get(port, '/healthz', { method: 'HEAD' })).status).toBe(200);
    expect(seen).toEqual([]);
    await get(port, '/healthz-not');
    expect(seen).toEqual(['/healthz-not']);
  });
});

describe('drainable', () => {
  it('lets a request under way finish, closes kept-alive connections with Connection: close, and takes no new connection', async () => {
    const { app, seen, release } = standIn();
    const server = createAppServer({ clientDir, app });
    const http1 = drainable(server, { coldIdleMs: 60_000 });
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/fast', { agent })).headers.connection).toBe('keep-alive');
    const slow = get(port, '/slow', { agent: false, headers: { connection: 'close' } });
    await expect.poll(() => seen.includes('/slow')).toBe(true);

    const drained = http1.drain(Date.now() + 20_000);
    expect(http1.isDraining()).toBe(true);
    expect(await connects(port)).toBe(false);
    // A request on the kept-alive connection is still served, and the connection ends after it.
    const late = await get(port, '/fast', { agent });
    expect(late).toMatchObject({ status: 200, body: 'done' });
    expect(late.headers.connection).toBe('close');
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'done' });
    expect(await drained).toEqual({ cut: 0 });
    agent.destroy();
  });

  it('closes connections idle for the cold time, and cuts what is left at the deadline', async () => {
    const { app, seen } = standIn();
    const server = createAppServer({ clientDir, app });
    const http1 = drainable(server, { coldIdleMs: 50 });
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true });
    await get(port, '/fast', { agent });
    const stuck = get(port, '/stuck', { agent: false });
    await expect.poll(() => seen.includes('/stuck')).toBe(true);
    const started = Date.now();
    expect(await http1.drain(started + 300)).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await expect(stuck).rejects.toThrow();
    agent.destroy();
  });
});

describe('shutdownTimeoutMs', () => {
  it('reads SHUTDOWN_TIMEOUT_MS, 10 s by default, and names the variable when it is wrong', () => {
    expect(shutdownTimeoutMs({})).toBe(DEFAULT_SHUTDOWN_TIMEOUT_MS);
    expect(DEFAULT_SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(/SHUTDOWN_TIMEOUT_MS .*"10s"/);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
