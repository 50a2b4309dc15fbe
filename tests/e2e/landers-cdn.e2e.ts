import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLanderCdnRoot, type CdnManifest } from '../../src/server/landers/cdn/cdn-root';
import { publishLanderRoot, type PublishResult } from '../../src/server/landers/cdn/publish';
import { loadSites } from '../../src/server/platform/sites/load-sites';
import { startCdnStandIn, type CdnStandIn } from '../helpers/cdn-stand-in';
import { sitesWith } from '../helpers/custom-sites';
import { SPRING_EXPERIMENT } from '../helpers/postback-receiver';
import { startS3StandIn, type S3StandIn } from '../helpers/s3-stand-in';
import { useBrowser } from './browser';
import { trackingOf } from './lander-journey';
import { freePort, serveBuild } from './server';

/**
 * Landers on a CDN (docs/architecture.md §3, docs/product.md §12 Landers on a CDN): the build's
 * landers of amora, published to a loopback S3 bucket and served from it by a separate loopback
 * host (the CDN at `landers_url`), load with every request answered, and their CTA reaches the app
 * (`public_url`, this file's own server) with the visit's tracking record.
 */
const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-landers-cdn-'));
const dist = path.resolve(process.env.AMORA_OUT_DIR ?? 'dist');
let s3: S3StandIn;
let cdn: CdnStandIn;
let app: Awaited<ReturnType<typeof serveBuild>>;
let published: PublishResult;
let manifest: CdnManifest;
const root = path.join(work, 'root');

beforeAll(async () => {
  s3 = await startS3StandIn('amora-landers');
  cdn = await startCdnStandIn({ client: s3.client, bucket: s3.bucket });
  const port = await freePort();
  const sitesDir = sitesWith({
    amora: {
      public_url: `http://localhost:${port}`,
      landers_url: cdn.url,
      affiliates: { networks: {}, experiments: [SPRING_EXPERIMENT] },
    },
  });
  app = await serveBuild(dist, port, path.join(work, 'data'), { SITES_DIR: sitesDir, SEED_MEMBERS: '0' });
  manifest = await buildLanderCdnRoot({
    clientDir: path.join(dist, 'client'),
    site: loadSites(sitesDir).byPackageName.get('amora')!,
    mediaDir: path.resolve('landers/media'),
    outDir: root,
  });
  published = await publishLanderRoot({ dir: root, client: s3.client, bucket: s3.bucket, now: new Date() });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await cdn?.close();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every failed request and every answer ≥ 400 of a page, as `status url` lines. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.failure()?.errorText} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

/** The URLs a lander names for its assets (links, images, sources, the hero videos), absolute. */
async function assetUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls = new Set<string>();
    for (const element of document.querySelectorAll<HTMLElement>('link[href], img, source, [data-landscape]')) {
      for (const name of ['href', 'src', 'data-landscape', 'data-portrait']) {
        const value = element.getAttribute(name);
        if (value) urls.add(new URL(value, location.href).href);
      }
      for (const name of ['srcset', 'imagesrcset']) {
        for (const candidate of (element.getAttribute(name) ?? '').split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) urls.add(new URL(url, location.href).href);
        }
      }
    }
    return [...urls];
  });
}

describe('landers on a CDN (docs/architecture.md §3 Landers on a CDN)', () => {
  it('publishes the landers: pages, content-hashed fonts, media and favicon', () => {
    expect(published.uploaded.filter((key) => /^landers\/[a-z]+\/[a-z-]+$/.test(key)).length).toBeGreaterThan(300);
    expect(published.uploaded.some((key) => /^_astro\/.+\.woff2$/.test(key))).toBe(true);
    expect(published.uploaded.some((key) => /^assets\/favicon\.[0-9a-f]{10}\.svg$/.test(key))).toBe(true);
    expect(published.uploaded.some((key) => /^media\/landers\/video\/.+\.[0-9a-f]{10}\.webm$/.test(key))).toBe(true);
  });

  it('publishing the same build again uploads nothing (a bucket of more than 1,000 objects, listed in full)', async () => {
    expect(manifest.files.length).toBeGreaterThan(1_000);
    const again = await publishLanderRoot({ dir: root, client: s3.client, bucket: s3.bucket, now: new Date() });
    expect(again).toEqual({ uploaded: [], unchanged: manifest.files.length, deleted: [], kept: [] });
  });

  it('a lander from the CDN loads with no failed request, from the CDN only, and its CTA reaches the app with the tracking record', async () => {
    const page = await browser.newPage();
    // The visitor accepted cookies on the app before (docs/product.md §3 Consent), so the app keeps the record in its cookie.
    await page.context().addCookies([{ name: 'amora_consent', value: 'granted', url: app.url }]);
    const failures = failuresOf(page);
    const loaded: string[] = [];
    page.on('requestfinished', (request) => loaded.push(request.url()));
    await page.goto(`${cdn.url}/landers/video/en?network=cdnnet&sub1=s1&sub2=s2&clickid=k1`);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('800 1em "Nunito Sans"'))).toBe(true);
    // The hero (poster and video) and the heading font came from the CDN; nothing from the app.
    expect(loaded.some((url) => url.startsWith(`${cdn.url}/_astro/`) && url.endsWith('.woff2'))).toBe(true);
    expect(loaded.some((url) => url.startsWith(`${cdn.url}/media/landers/video/`))).toBe(true);
    expect(loaded.filter((url) => !url.startsWith(cdn.url))).toEqual([]);
    // Every asset the page names is on the CDN, whether or not this browser asked for it (favicon, the other video).
    for (const url of await assetUrls(page)) {
      expect(url.startsWith(`${cdn.url}/`), url).toBe(true);
      expect((await fetch(url)).status, url).toBe(200);
    }
    const login = new URL((await page.locator('a[href$="/login"]').first().getAttribute('href'))!);
    expect(login.origin).toBe(app.url);

    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    const onLander = failures.length;

    const cta = page.locator('a[data-cta]').first();
    const href = new URL((await cta.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(`${app.url}/signup`);
    await cta.click();
    await page.waitForURL(`${app.url}/signup**`);
    await page.waitForLoadState('load');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      network: 'cdnnet',
      sub1: 's1',
      sub2: 's2',
      clickid: 'k1',
    });
    const appCookies = await page.context().cookies(app.url);
    const tracking = appCookies.find((cookie) => cookie.name === 'amora_tracking');
    expect(trackingOf(`amora_tracking=${tracking?.value}`)).toEqual({
      network: 'cdnnet',
      sub1: 's1',
      sub2: 's2',
      clickid: 'k1',
    });
    // The CDN's host kept no tracking cookie: the app could not read it there.
    expect((await page.context().cookies(cdn.url)).map((cookie) => cookie.name)).not.toContain('amora_tracking');
    // Leaving the lander may cut its hero video's download short (the browser aborts it): not a failure of the app.
    expect(failures.slice(onLander).filter((line) => !line.startsWith(`net::ERR_ABORTED ${cdn.url}/media/`))).toEqual(
      [],
    );
  });

  it("the entry link on the CDN forwards to the app's, which draws the variant and sends the visitor back to a lander on the CDN", async () => {
    const page = await browser.newPage();
    const failures = failuresOf(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`${cdn.url}/landers/video/?network=adnet&sub1=x`);
    await page.waitForURL(/\/landers\/(video|gallery)\/en\?/);
    const lander = new URL(page.url());
    expect(lander.origin).toBe(cdn.url);
    // The visit was counted where the variant was drawn: the app's entry link.
    expect(asked).toContain(`${app.url}/landers/video/?network=adnet&sub1=x`);
    expect(Object.fromEntries(lander.searchParams)).toMatchObject({ network: 'adnet', sub1: 'x' });
    expect(lander.searchParams.get('variant')).toMatch(/^spring:[ab]$/);
    expect(lander.searchParams.get('lander')).toBe(lander.pathname.split('/')[2]);
    const cta = new URL((await page.locator('a[data-cta]').first().getAttribute('href'))!);
    expect(cta.origin).toBe(app.url);
    expect(cta.searchParams.get('variant')).toBe(lander.searchParams.get('variant'));
    expect(cta.searchParams.get('network')).toBe('adnet');
    expect(failures).toEqual([]);
  });
});
