import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPairs } from '../../bench/chat/setup';
import { usePgServers } from './pg-servers';
import { freePort } from './server';
import { childrenOf } from './processes';
import { openReconnectingStream } from './reconnecting-stream';

/**
 * A rolling restart under load (docs/architecture.md §3 Starting, health and restarts): the server
 * runs WEB_CONCURRENCY=2 workers on PostgreSQL; while 100 requests a second (pages, static files,
 * API calls, logged-in API calls) go out on a fixed schedule and one member sends a chat message
 * every 100 ms to another who listens on the event stream (reconnecting as a browser does), the
 * primary gets SIGHUP and replaces both workers one by one. Not one request may fail, and the
 * listener gets every message exactly once.
 */
const pg = usePgServers('e2e_rolling_restart');

/**
 * fetch() as a browser (and nginx, for a cached upstream connection) sends a request: when a reused
 * keep-alive connection turns out to be closed before any byte of the answer arrived, the request
 * is sent once more on a new connection (RFC 9112 §9.3.1; Chromium resends in that case whatever the
 * method). That closing race is part of HTTP/1.1 keep-alive — a server can only close an idle
 * connection at a moment the client may pick it — so a drain is judged by what a real client sees.
 * A retried POST that the server had processed would show as a repeated chat message.
 */
async function fetchLikeABrowser(url: string, init: RequestInit, counts: { resent: number }): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    counts.resent++;
    return fetch(url, init);
  }
}

/** What the load sends: path, extra headers, and the status it must get. */
type Shot = { path: string; headers?: Record<string, string>; status: number };

describe('rolling restart of WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('replaces both workers under 100 requests/s and a live chat: no failed request, no lost or repeated message', async () => {
    // A stop may wait up to a minute for requests under way: on a busy test machine an answer can take
    // seconds, and a request cut at the deadline would count as failed (the deadline itself is
    // checked in tests/integration/graceful-drain.test.ts).
    const server = await pg.serve({ WEB_CONCURRENCY: '2', SHUTDOWN_TIMEOUT_MS: '60000' });
    await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
    const before = childrenOf(server.pid);
    const env = { DATABASE_URL: pg.databaseUrl, DATA_DIR: path.join(pg.work, 'data') };
    const [pair] = await createPairs(env, 1);
    const sender = `amora_session=${pair!.senderToken}`;
    const listener = `amora_session=${pair!.recipientToken}`;

    // A site's traffic: mostly static files and pre-rendered pages, some server-rendered pages and
    // API calls with and without a session (the chat messages come on top, every 10th request).
    const shots: Shot[] = [
      { path: '/favicon.svg', status: 200 },
      { path: '/pages/privacy', status: 200 },
      { path: '/build-id.json', status: 200 },
      { path: '/login', status: 200 },
      { path: '/sw.js', status: 200 },
      { path: '/api/settings.php', headers: { 'package-name': 'amora' }, status: 200 },
      { path: '/offline.html', status: 200 },
      { path: '/api/user.php', headers: { 'package-name': 'amora', cookie: listener }, status: 200 },
      { path: '/pages/privacy', status: 200 },
    ];
    const failures: string[] = [];
    const counts = { resent: 0 };
    let requests = 0;
    const inFlight = new Set<Promise<void>>();
    const track = (work: Promise<void>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };
    const latencies: number[] = [];
    const timed = (started: number) => latencies.push(performance.now() - started);
    const shoot = (shot: Shot, started = performance.now()) =>
      track(
        fetchLikeABrowser(`${server.url}${shot.path}`, { headers: shot.headers }, counts)
          .then(async (response) => {
            await response.arrayBuffer();
            timed(started);
            if (response.status !== shot.status) failures.push(`${shot.path}: ${response.status}`);
          })
          .catch((error: Error) => void failures.push(`${shot.path}: ${error.message} ${String(error.cause)}`)),
      );

    const sent: number[] = [];
    const send = (n: number, started = performance.now()) =>
      track(
        fetchLikeABrowser(
          `${server.url}/api/messages.php`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'package-name': 'amora',
              cookie: sender,
              origin: server.url,
            },
            body: JSON.stringify({ conversation: pair!.conversation, text: `rolling ${n}` }),
          },
          counts,
        )
          .then(async (response) => {
            const body = (await response.json()) as { message?: { id: number } };
            timed(started);
            if (response.status === 200 && body.message) sent.push(body.message.id);
            else failures.push(`POST /api/messages.php: ${response.status}`);
          })
          .catch(
            (error: Error) => void failures.push(`POST /api/messages.php: ${error.message} ${String(error.cause)}`),
          ),
      );

    const stream = await openReconnectingStream(`${server.url}/api/events.php`, listener);
    // 100 requests a second on a fixed schedule (a slow answer never slows the load): request n is
    // due 10·n ms after the start, and a timer that fires late sends every request due by then;
    // every 10th is a chat message (10 a second).
    let tick = 0;
    const loadStarted = performance.now();
    const load = setInterval(() => {
      const due = Math.floor((performance.now() - loadStarted) / 10);
      for (; tick < due; tick++) {
        requests++;
        if (tick % 10 === 0) send(tick / 10);
        else shoot(shots[tick % shots.length]!);
      }
    }, 10);

    try {
      // Load before, during and after the restart.
      await expect.poll(() => sent.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
      const started = Date.now();
      process.kill(server.pid, 'SIGHUP');
      await expect
        .poll(() => childrenOf(server.pid).filter((pid) => !before.includes(pid)).length, { timeout: 150_000 })
        .toBe(2);
      await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
      const restartMs = Date.now() - started;
      const afterRestart = sent.length;
      await expect.poll(() => sent.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(afterRestart + 10);
      clearInterval(load);
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      // Every message the server accepted reaches the listener (one whose answer was lost may arrive too).
      await expect.poll(() => sent.filter((id) => !stream.messageIds.includes(id)).length, { timeout: 60_000 }).toBe(0);

      const received = new Set(stream.messageIds);
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
      const lost = sent.filter((id) => !received.has(id));
      const duplicates = stream.messageIds.length - received.size;
      console.log(
        `rolling restart under load: ${requests} requests sent in ${loadSeconds.toFixed(1)} s ` +
          `(${(requests / loadSeconds).toFixed(0)}/s, ${sent.length} chat messages), ${failures.length} failed ` +
          `(${counts.resent} resent on a new connection after a kept-alive one closed, as browsers do); ` +
          `messages sent ${sent.length}, received ${stream.messageIds.length}, lost ${lost.length}, duplicated ${duplicates}; ` +
          `event stream opened ${stream.opened} times (${stream.failures} failed connections); restart took ${restartMs} ms; ` +
          `answers p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
      );
      expect(failures).toEqual([]);
      expect(lost).toEqual([]);
      expect(duplicates).toBe(0);
      // The old workers closed the stream and it came back on a new one (the reconnects are real).
      expect(stream.opened).toBeGreaterThanOrEqual(2);
      expect(stream.failures).toBe(0);
      expect(requests).toBeGreaterThan(500);
    } finally {
      clearInterval(load);
      stream.close();
    }
    await server.stop();
  }, 300_000);

  it('keeps the old workers serving when a new one cannot start', async () => {
    // A copy of the build that is then broken, as a bad deploy would be: the new workers cannot start.
    // Inside the project, where the build's imports find node_modules.
    const build = path.resolve('.e2e-builds/rolling-restart-broken');
    fs.rmSync(build, { recursive: true, force: true });
    // The release's real folder, not the output folder: copying its links would make them absolute,
    // and breaking the copy would then break the shared build.
    fs.cpSync(fs.realpathSync(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist', 'current')), build, {
      recursive: true,
    });
    const port = await freePort();
    const child = spawn(process.execPath, [path.resolve('scripts/serve.mjs')], {
      env: {
        ...process.env,
        AMORA_OUT_DIR: build,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(pg.work, 'data'),
        DATABASE_URL: pg.databaseUrl,
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => childrenOf(child.pid!).length, { timeout: 60_000 }).toBe(2);
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/readyz`).then(
              (res) => res.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200);
      const workers = childrenOf(child.pid!);
      fs.rmSync(path.join(build, 'server', 'lifecycle.mjs'));
      child.kill('SIGHUP');
      await expect.poll(() => output, { timeout: 60_000 }).toContain('rolling restart stopped');
      expect(output).toContain('lifecycle.mjs is missing');
      expect(childrenOf(child.pid!)).toEqual(workers);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(build, { recursive: true, force: true });
    }
    expect(child.exitCode).toBe(0);
  }, 180_000);
});
