import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { freePort, serveBuild } from './server';

const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-pwa-'));
// The build the global setup made (AMORA_OUT_DIR when set, so parallel runs keep their own folders).
const firstBuild = path.resolve(process.env.AMORA_OUT_DIR ?? 'dist');
// Inside the project so the build's server finds node_modules; one per first build.
const secondBuild = path.resolve('.e2e-builds', `second-${path.basename(firstBuild)}`);
const SECOND_BUILD_ID = 'e2e-second-build';
let port: number;

beforeAll(() => {
  // A second build of the same code with another build id: a new deployment.
  const build = spawnSync(path.resolve('node_modules/.bin/astro'), ['build'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AMORA_OUT_DIR: secondBuild,
      AMORA_BUILD_ID: SECOND_BUILD_ID,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`second build failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(secondBuild, { recursive: true, force: true });
});

/** The site's service worker registrations as seen by `page` (scopes). */
function registrations(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope));
}

/** Waits until the page's shell has counted this page view (the next one registers the worker). */
async function pageViewCounted(page: import('playwright-core').Page): Promise<void> {
  await browser.waitForIslands(page);
  await page.waitForFunction(() => localStorage.getItem('amora_page_seen') === '1');
}

async function precacheRevisions(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.filter((url) => url.includes('offline.html'));
  });
}

describe('PWA', () => {
  it('installs the service worker, serves the offline page, has an installable manifest', async () => {
    port = await freePort();
    const server = await serveBuild(firstBuild, port, path.join(work, 'data-a'));
    try {
      const page = await browser.newPage();
      // A visitor's first page leaves the service worker out (docs/product.md §4); the second registers it.
      await page.goto(`${server.url}/login`);
      await pageViewCounted(page);
      await page.waitForTimeout(500);
      expect(await registrations(page)).toEqual([]);
      expect(
        await page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /workbox|pwa-worker/.test(e.name)),
        ),
      ).toBe(false);
      await page.goto(`${server.url}/pages/faq`);
      await page.goto(`${server.url}/login`);
      const registration = await page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        return { scope: ready.scope, script: ready.active?.scriptURL };
      });
      expect(registration).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });
      // Offline-ready is not announced in a browser tab (only in the installed app).
      await page.waitForTimeout(500);
      expect(await page.getByText('The app is ready to work offline.').count()).toBe(0);

      await page.reload();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
        .toBe(`${server.url}/sw.js`);

      const cdp = await page.context().newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Amora', display: 'standalone', scope: '/' });
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      // Test contexts are incognito, which alone keeps Chromium from offering installation.
      expect(
        installability.installabilityErrors.filter((e) => (e as { errorId: string }).errorId !== 'in-incognito'),
      ).toEqual([]);

      // The browser reports the failed network fetch while offline; that is the point of this step.
      browser.allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
      await page.context().setOffline(true);
      await page.goto(`${server.url}/members`);
      await expect.poll(() => page.locator('#offline-page h1').textContent()).toBe('You are offline');
      await page.context().setOffline(false);
    } finally {
      await server.stop();
    }
  });

  it('greets a first visit to the home page with no "ready to work offline" toast', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${browser.baseURL}/`);
    await pageViewCounted(page);
    await page.waitForTimeout(500);
    expect(await registrations(page)).toEqual([]);
    // The second page view installs the service worker (the moment the toast used to appear), a reload puts it in control.
    await page.reload();
    await browser.waitForIslands(page);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active)).toBe(true);
    await page.waitForTimeout(800);
    expect(await page.getByText('The app is ready to work offline.').count()).toBe(0);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('toast').count()).toBe(0);
  });

  it('offers "Reload to update" for a new build and reloads once onto it', async () => {
    const dataDir = path.join(work, 'data-b');
    const first = await serveBuild(firstBuild, port, dataDir);
    const page = await browser.newPage();
    try {
      // The second page view registers the worker.
      await page.goto(`${first.url}/login`);
      await pageViewCounted(page);
      await page.goto(`${first.url}/login`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      const firstRevisions = await precacheRevisions(page);
      expect(firstRevisions.some((url) => url.includes(SECOND_BUILD_ID))).toBe(false);
    } finally {
      await first.stop();
    }

    const second = await serveBuild(secondBuild, port, dataDir);
    try {
      // Any navigation makes the browser look for a new /sw.js.
      await page.reload();
      const reload = page.getByRole('button', { name: 'Reload to update' });
      await expect.poll(() => reload.isVisible(), { timeout: 20_000 }).toBe(true);
      let loads = 0;
      page.on('load', () => loads++);
      await reload.click();
      await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
      expect(await page.locator('meta[name="amora-build"]').getAttribute('content')).toBe(SECOND_BUILD_ID);
      await expect
        .poll(async () => (await precacheRevisions(page)).some((url) => url.includes(SECOND_BUILD_ID)))
        .toBe(true);
      // The reload guard: no second reload.
      await page.waitForTimeout(1500);
      expect(loads).toBe(1);
      expect(await reload.count()).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
