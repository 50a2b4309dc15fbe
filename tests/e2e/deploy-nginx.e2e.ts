import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLanderCdnRoot } from '../../src/server/landers/cdn/cdn-root';
import { loadSites } from '../../src/server/platform/sites/load-sites';
import { startCdnStandIn, type CdnStandIn } from '../helpers/cdn-stand-in';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { sitesWith } from '../helpers/custom-sites';
import { useBrowser, type E2eBrowser } from './browser';
import * as buyers from './buyers';
import { fillSignupStep0, navBadge } from './journeys';
import { startNginx } from './nginx';
import { holdsConnection } from './processes';
import { freePort, SERVER_START_MS, waitForServer } from './server';

/**
 * docs/architecture.md §5 Deployment: the files of deploy/ as shipped, run on loopback. The app
 * starts from deploy/Procfile's command with deploy/amora.env.example's values (TRUST_PROXY
 * included); nginx runs deploy/nginx/amora.conf with a self-signed certificate; the site's
 * public_url is nginx's https origin. Through nginx, in Chromium: a signup whose activation mail
 * links to https on public_url, a sandbox purchase, a chat message arriving over the event
 * stream, a lander, and a lander from the site's CDN copy (docs/architecture.md §3 Landers on a
 * CDN) whose calls to action reach the app through nginx.
 */
const root = path.resolve(import.meta.dirname, '../..');
const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-deploy-'));
const stand = {} as {
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  appPort: number;
  httpPort: number;
  app: ChildProcess;
  nginx: Awaited<ReturnType<typeof startNginx>>;
  sitesDir: string;
  cdn?: CdnStandIn;
};
/** The member-facing journeys' helpers, pointed at nginx, in browser contexts that accept its certificate. */
const viaNginx = (): E2eBrowser => ({
  ...browser,
  baseURL: stand.nginx.url,
  newPage: (options = {}) => browser.newPage({ ignoreHTTPSErrors: true, ...options }),
});

/**
 * The app as the deployment steps of docs/operations.md start it: deploy/Procfile's command on an empty data
 * folder (no seed: the server puts the landers' media into storage itself before it listens), with
 * the environment file's values and the test's own `env` over them.
 */
async function startAsDeployed(env: Record<string, string>): Promise<ChildProcess> {
  const command = /^web: (.+)$/m.exec(fs.readFileSync(path.join(root, 'deploy/Procfile'), 'utf8'))![1]!;
  const file = parseEnv(fs.readFileSync(path.join(root, 'deploy/amora.env.example'), 'utf8'));
  const fullEnv = { ...process.env, ...file, AMORA_OUT_DIR: path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), ...env };
  const child = spawn('sh', ['-c', command], { cwd: root, env: fullEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForServer(`http://127.0.0.1:${env.PORT}/build-id.json`, child, SERVER_START_MS);
  return child;
}

/** GET `pathname` through nginx from the loopback address `from` (127.0.0.0/8), verifying nginx's certificate. */
function getFrom(from: string, pathname: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, stand.nginx.url);
    const request = https.get(url, { localAddress: from, ca: stand.nginx.cert, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
  });
}

/** Local ports of this machine's established TCP connections to `port` on 127.0.0.1 (from /proc/net/tcp). */
function connectionsTo(port: number): number[] {
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === '01' && Number.parseInt(fields[2]?.split(':')[1] ?? '', 16) === port)
    .map((fields) => Number.parseInt(fields[1]!.split(':')[1]!, 16));
}

/**
 * A visitor opens the lander at `landerUrl` (the app's own copy through nginx; a CDN copy's URL
 * works the same) with a tracking query: it loads without a failed request and every call to
 * action leads to the app's signup on `publicUrl` with the tracking values.
 */
async function landerLeadsToSignup(page: Page, landerUrl: string, publicUrl: string): Promise<void> {
  const failed: string[] = [];
  const onFailed = (request: Request) => failed.push(`${request.url()} ${request.failure()?.errorText}`);
  const onResponse = (response: Response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  const url = new URL(landerUrl);
  url.searchParams.set('network', 'tls-test');
  url.searchParams.set('sub1', 'nginx');
  expect((await page.goto(url.href))?.status()).toBe(200);
  // The hero video's source is set by the page's script after load: wait until nothing loads.
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  // Leaving the page cancels what is still loading (the hero video): no longer a failure.
  page.off('requestfailed', onFailed);
  page.off('response', onResponse);
  const ctas = await page
    .locator('a[data-cta]')
    .evaluateAll((links) => links.map((l) => (l as HTMLAnchorElement).href));
  expect(ctas.length).toBeGreaterThan(0);
  for (const href of ctas) {
    expect(new URL(href).origin).toBe(publicUrl);
    expect(Object.fromEntries(new URL(href).searchParams)).toMatchObject({ network: 'tls-test', sub1: 'nginx' });
  }
  const signup = page.waitForResponse(
    (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/signup',
  );
  await page.locator('a[data-cta]').first().click();
  expect((await signup).status()).toBe(200);
  await page.waitForURL((next) => next.origin === publicUrl && next.pathname === '/signup');
}

beforeAll(async () => {
  stand.smtp = await startSmtpReceiver();
  [stand.appPort, stand.httpPort] = [await freePort(), await freePort()];
  const tlsPort = await freePort();
  stand.app = await startAsDeployed({
    PORT: String(stand.appPort),
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: stand.smtp.url,
    SITES_DIR: (stand.sitesDir = sitesWith({ amora: { public_url: `https://127.0.0.1:${tlsPort}` } })),
    LOG_LEVEL: 'warn',
    // Only this loopback address may open the console: shows which client address the app believes.
    ADMIN_ALLOWED_IPS: '127.0.0.2',
  });
  stand.nginx = await startNginx({ tlsPort, httpPort: stand.httpPort, appPort: stand.appPort });
});

afterAll(async () => {
  await stand.cdn?.close();
  await stand.nginx?.stop();
  if (stand.app && stand.app.exitCode === null) {
    stand.app.kill('SIGTERM');
    await new Promise((resolve) => stand.app.once('exit', resolve));
  }
  await stand.smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the app behind nginx with TLS (deploy/)', () => {
  beforeEach(() => {
    // Chromium never registers a service worker from a certificate it does not trust, whatever
    // the context's ignoreHTTPSErrors; the app works without it (docs/product.md §1, PWA).
    browser.allowConsoleError(/SSL certificate error occurred when fetching the script/);
  });

  it('answers over HTTP/2 with HSTS, redirects plain HTTP, and believes only the address nginx saw', async () => {
    const page = await viaNginx().newPage();
    const response = await page.goto(`${stand.nginx.url}/`);
    expect(response?.status()).toBe(200);
    // HSTS comes from the app: it trusted nginx's X-Forwarded-Proto (TRUST_PROXY).
    expect(response?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe('h2');

    const plain = await fetch(`http://127.0.0.1:${stand.httpPort}/login?next=%2Fcredits`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/login?next=%2Fcredits');

    // nginx appends the address it saw; what a client writes into X-Forwarded-For itself is ignored.
    expect(await getFrom('127.0.0.2', '/admin/login')).not.toBe(404);
    expect(await getFrom('127.0.0.3', '/admin/login')).toBe(404);
    expect(await getFrom('127.0.0.3', '/admin/login', { 'x-forwarded-for': '127.0.0.2' })).toBe(404);
  });

  it('a visitor signs up, gets an activation mail with https links on public_url, and buys credits with the sandbox', async () => {
    const site = viaNginx();
    const page = await site.newPage({ viewport: { width: 390, height: 844 } });
    const email = `tls-${Date.now()}@example.com`;
    await fillSignupStep0(site, page, { email, name: 'Tess', password: 'tls-pass-1' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForSelector('.wizard-card [data-testid^="step-"]');
    // Signed up through nginx: the session cookie came back (it is Secure on the public hosts; a
    // loopback host such as this 127.0.0.1 keeps plain-HTTP development working instead).
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'amora_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const api = (pathname: string, method: string, body?: unknown) =>
      page.request.fetch(`${site.baseURL}${pathname}`, {
        method,
        headers: { 'package-name': 'amora', 'content-type': 'application/json' },
        data: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await api('/api/activate.php', 'GET')).status()).toBe(200);
    await expect.poll(() => stand.smtp.received.some((mail) => mail.to?.[0]?.address === email)).toBe(true);
    const mail = stand.smtp.received.find((m) => m.to?.[0]?.address === email)!;
    const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${stand.nginx.url}/`), link).toBe(true);
    const activation = links.find((link) => link.includes('/activate/confirm?token='))!;
    await page.goto(activation);
    await page.waitForURL(`${stand.nginx.url}/activate/done`);

    // Finish the profile (country for the prices), then the purchase journey of credits-purchase.e2e.ts.
    expect((await api('/api/user.php', 'PUT', { country: 'NL', countryregion: null, city: 'Utrecht' })).status()).toBe(
      200,
    );
    expect((await api('/api/user.php', 'PUT', { lastSignupStep: 7 })).status()).toBe(200);
    const before = await buyers.balance(site, page);
    await page.getByTestId('package-popular').click();
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await buyers.payOnSandbox(page);
    // The provider's return URL is built from public_url: the browser came back through nginx.
    expect(new URL(page.url()).origin).toBe(stand.nginx.url);
    expect(await buyers.balance(site, page)).toBe(before + 140);
  });

  it('a chat message reaches the other member live over the event stream through nginx', async () => {
    const site = viaNginx();
    const reader = await buyers.dutchMember(site, 'Rosa');
    const me = await reader.request.get(`${site.baseURL}/api/user.php`, { headers: { 'package-name': 'amora' } });
    const readerId = ((await me.json()) as { profile: { id: number } }).profile.id;
    await reader.goto(`${site.baseURL}/members`);
    await site.waitForIslands(reader);
    expect(await navBadge(reader, '/chats')).toBe(0);

    const writer = await buyers.dutchMember(site, 'Wim');
    await writer.goto(`${site.baseURL}/members/${readerId}/chat`);
    await site.waitForIslands(writer);
    const text = `Through nginx ${Date.now()}`;
    await writer.getByLabel('Your message').fill(text);
    await writer.getByLabel('Your message').press('Enter');
    await expect.poll(() => writer.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    // The reader's page was not reloaded: the unread badge came as an event on its open stream.
    await expect.poll(() => navBadge(reader, '/chats'), { timeout: 5_000 }).toBe(1);
  });

  it('a lander loads through nginx and its calls to action lead to signup on public_url', async () => {
    const page = await viaNginx().newPage();
    await landerLeadsToSignup(page, `${stand.nginx.url}/landers/video/en`, stand.nginx.url);
  });

  it('a lander from the CDN copy loads without a failed request and its calls to action reach signup through nginx', async () => {
    const cdnRoot = path.join(work, 'cdn');
    await buildLanderCdnRoot({
      clientDir: path.resolve(process.env.AMORA_OUT_DIR ?? 'dist', 'client'),
      site: loadSites(stand.sitesDir).byPackageName.get('amora')!,
      mediaDir: path.join(root, 'landers/media'),
      outDir: cdnRoot,
    });
    stand.cdn = await startCdnStandIn({ dir: cdnRoot });
    const page = await viaNginx().newPage();
    await landerLeadsToSignup(page, `${stand.cdn.url}/landers/video/en`, stand.nginx.url);
  }, 240_000);

  it('keeps idle connections to the app open for the next requests (upstream keep-alive)', async () => {
    for (let i = 0; i < 3; i++) expect(await getFrom('127.0.0.1', '/build-id.json')).toBe(200);
    const held = connectionsTo(stand.appPort).filter((port) => holdsConnection(stand.nginx.pid, port));
    expect(held.length).toBeGreaterThan(0);
  });
});
