import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SERVER_START_MS, waitForServer } from './server';

/**
 * The built server's edges (docs/architecture.md §3 Serving, Security headers; §5 Logging): its
 * own process of the build, with everything it writes to stdout and stderr kept, behind a
 * "proxy" on loopback (TRUST_PROXY) so HSTS can be seen.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-edges-'));
const output: string[] = [];
let child: ChildProcess;
let baseURL = '';
let startedAt = 0;

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  child = spawn(process.execPath, [path.resolve('scripts/serve.mjs')], {
    env: {
      ...process.env,
      AMORA_OUT_DIR: path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1,::1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForServer(`${baseURL}/build-id.json`, child, SERVER_START_MS);
  startedAt = output.join('').length;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  fs.rmSync(work, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}${pathname}`, { headers: { 'user-agent': BROWSER, ...headers }, redirect: 'manual' });

/** What the server wrote since it answered its first request, line by line. */
const linesSinceStart = () =>
  output
    .join('')
    .slice(startedAt)
    .split('\n')
    .filter((line) => line.trim() !== '');

/** A path whose NUL reached the database and whose newline and JSON would forge a log line. */
const FORGED = '/payments/sandbox/x%0A%7B%22level%22%3A%22error%22%2C%22message%22%3A%22forged%22%7D';

describe('bad paths', () => {
  it('answers a sandbox checkout of an impossible payment id with 404, not 500', async () => {
    for (const pathname of ['/payments/sandbox/%00', FORGED]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
    }
  });

  it('answers a missing build asset with a plain 404', async () => {
    for (const pathname of ['/_astro/does-not-exist.js', '/_astro/deeper/missing.css']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).not.toMatch(/internal server error/i);
      expect(text.length).toBeLessThan(30);
    }
  });

  it('writes only our JSON log lines: no SQL, no parameters, no path a request sent', async () => {
    await get('/payments/sandbox/%00');
    await get(FORGED);
    await get('/_astro/does-not-exist.js');
    await expect.poll(async () => (await get('/build-id.json')).status).toBe(200);
    const lines = linesSinceStart();
    for (const line of lines) {
      const event = JSON.parse(line) as Record<string, unknown>;
      expect(event).toMatchObject({ level: expect.any(String), time: expect.any(String), message: expect.any(String) });
      expect(event).not.toHaveProperty('message', 'forged');
      expect(line).not.toMatch(/select|params|sandbox_payments|does-not-exist|forged/i);
    }
  });
});

describe('static copies of the landers and pages (/sites/{site}/…)', () => {
  const lander = (site: string) => `/sites/${site}/landers/gallery/en`;

  it('carry the security headers of the pages, HSTS behind the trusted proxy', async () => {
    for (const pathname of [lander('amora'), '/sites/amora/pages/terms/en', '/sites/amora/landers/gallery/']) {
      const response = await get(pathname, { 'x-forwarded-proto': 'https' });
      expect(response.status, pathname).toBe(200);
      const headers = response.headers;
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("serve a site's copy on that site's hosts only", async () => {
    expect((await get(lander('lovelane'), { 'original-host': 'lovelane.test' })).status).toBe(200);
    expect((await get(lander('lovelane'))).status).toBe(404);
    const other = await get(lander('amora'), { 'original-host': 'lovelane.test' });
    expect(other.status).toBe(404);
    const html = await other.text();
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain('<title>Page not found · Lovelane</title>');
  });
});

describe('404 pages', () => {
  it.each([
    '/landers/gallery/no-such-slug',
    '/pages/no-such-page',
    '/members/999999/landing',
    '/transactions/not-a-transaction',
    '/sites/amora/no/such/file',
  ])('name the requested path on %s', async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`Page Not Found: ${pathname}<`);
    expect(html).not.toContain('Page Not Found: /404');
  });

  it('escape the path they name', async () => {
    const response = await get('/pages/%3Cb%3Ebold');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found: /pages/&lt;b&gt;bold<');
    expect(html).not.toContain('<b>bold');
  });
});

/** GET with a `Host` header of the caller's choice (fetch keeps its own). */
function getWithHost(
  pathname: string,
  host: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: 'localhost',
        port,
        path: pathname,
        headers: { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', 'user-agent': BROWSER },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.on('error', reject);
  });
}

describe('a request naming another host (docs/product.md §3 Settings, origin)', () => {
  it.each([
    '/',
    '/login',
    '/reset-password',
    '/signup',
    '/manifest.webmanifest',
    '/sites/amora/landers/gallery/en',
    '/nope',
  ])('never writes that host into %s', async (pathname) => {
    const answer = await getWithHost(pathname, 'attacker.example');
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain('attacker.example');
    expect(JSON.stringify(answer.headers)).not.toContain('attacker.example');
  });
});
