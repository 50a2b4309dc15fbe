import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLanderCdnRoot, type CdnManifest } from '../../src/server/landers/cdn/cdn-root';
import { buildAndPublishLanders, PUBLISH_STATE_KEY, publishLanderRoot } from '../../src/server/landers/cdn/publish';
import { loadSites } from '../../src/server/platform/sites/load-sites';
import { startCdnStandIn } from '../helpers/cdn-stand-in';
import { sitesWith } from '../helpers/custom-sites';
import { startS3StandIn, useS3StandIn } from '../helpers/s3-stand-in';

const s3 = useS3StandIn('amora-landers');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-landers-publish-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const SITES_DIR = sitesWith({ amora: { public_url: 'https://amora.test', cdn_prefix: 'https://media.amora.test' } });
const site = loadSites(SITES_DIR).byPackageName.get('amora')!;

const STYLE = '@font-face{src:url(/_astro/font.abc123.woff2)}@font-face{src:url(/_astro/font-ext.def456.woff2)}';
const SCRIPT = 'document.title="x"';
/** A pre-rendered lander as the build writes it (root-relative links, consent choice, inline style and script). */
const LANDER = `<!doctype html><html lang="en-US"><head><meta http-equiv="content-security-policy" content="script-src 'self'">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="preload" href="/_astro/font.abc123.woff2" as="font" type="font/woff2" crossorigin>
<style>${STYLE}</style></head><body><a class="l-brand" href="/">Amora</a><a href="/login">Log in</a>
<a data-cta href="/signup">Join</a><form data-cta action="/signup"><button>Go</button></form>
<img src="https://media.amora.test/demo/1.webp" srcset="https://media.amora.test/demo/1.webp 120w">
<details class="consent" open data-consent-panel><form method="post" action="/consent"></form></details>
<a href="/landers/video/de" data-locale="de">Deutsch</a><a href="/pages/privacy">Privacy</a>
<script type="module">${SCRIPT}</script></body></html>`;

/**
 * A build's client folder holding the video lander in `slugs` (en and de, which the page links to)
 * and the design's entry page; `favicon` its favicon's text.
 */
function clientFolder(name: string, favicon: string, slugs = ['en', 'de']): string {
  const client = path.join(work, name);
  const landers = path.join(client, 'sites', 'amora', 'landers', 'video');
  fs.mkdirSync(path.join(client, '_astro'), { recursive: true });
  for (const slug of slugs) {
    fs.mkdirSync(path.join(landers, slug), { recursive: true });
    fs.writeFileSync(path.join(landers, slug, 'index.html'), LANDER);
  }
  fs.writeFileSync(path.join(landers, 'index.html'), '<!doctype html><html lang="en-US"><body>entry</body></html>');
  fs.writeFileSync(path.join(client, 'favicon.svg'), favicon);
  fs.writeFileSync(path.join(client, '_astro', 'font.abc123.woff2'), 'font');
  fs.writeFileSync(path.join(client, '_astro', 'font-ext.def456.woff2'), 'font-ext');
  return client;
}

async function build(name: string, favicon: string): Promise<{ dir: string; manifest: CdnManifest }> {
  const dir = path.join(work, `${name}-root`);
  const manifest = await buildLanderCdnRoot({
    clientDir: clientFolder(name, favicon),
    site,
    outDir: dir,
    mediaDir: work,
  });
  return { dir, manifest };
}

const DAY = 86_400_000;
const NOW = new Date('2026-11-27T12:00:00Z');

describe('landers on a CDN: the CDN root and its publish (docs/architecture.md §3 Landers on a CDN)', () => {
  it('builds a root whose links into the app go to public_url, whose assets are content-hashed, and whose inline style and script are unchanged', async () => {
    const { dir, manifest } = await build('one', '<svg>1</svg>');
    const html = fs.readFileSync(path.join(dir, 'landers', 'video', 'en'), 'utf8');
    const favicon = manifest.files.find((file) => file.path.startsWith('assets/favicon.') && !file.of)!;
    expect(favicon.path).toMatch(/^assets\/favicon\.[0-9a-f]{10}\.svg$/);
    expect(html).toContain(`href="/${favicon.path}"`);
    for (const link of ['/"', '/login"', '/signup"', '/pages/privacy"'])
      expect(html).toContain(`href="https://amora.test${link}`);
    expect(html).toContain('action="https://amora.test/signup"');
    expect(html).toContain('href="/landers/video/de"');
    expect(html).toContain('src="https://media.amora.test/demo/1.webp"');
    expect(html).toContain(`<style>${STYLE}</style>`);
    expect(html).toContain(`<script type="module">${SCRIPT}</script>`);
    // No consent choice that could not work from the CDN, and a stand-in that keeps the script from writing cookies there.
    expect(html).not.toContain('/consent');
    expect(html).toContain('<i hidden data-consent-panel></i>');
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '_astro/font.abc123.woff2',
        '_astro/font-ext.def456.woff2',
        'landers/video/en',
        'landers/video/en.br',
        'landers/video/en.gz',
        'landers/video/index.html',
      ]),
    );
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'landers', 'video', 'en.br'))).toString()).toBe(
      html,
    );
    const entry = fs.readFileSync(path.join(dir, 'landers', 'video', 'index.html'), 'utf8');
    expect(entry).toContain('location.replace("https://amora.test/landers/video/" + location.search)');
  });

  it('refuses to build a root whose page names a file the root would not hold', async () => {
    const clientDir = clientFolder('broken', '<svg>1</svg>', ['en']);
    await expect(
      buildLanderCdnRoot({ clientDir, site, outDir: path.join(work, 'broken-root'), mediaDir: work }),
    ).rejects.toThrow('landers/video/en names /landers/video/de, which the CDN root does not hold');
  });

  it('uploads assets first and pages last with their types and cache headers; a second publish uploads nothing', async () => {
    const { dir, manifest } = await build('two', '<svg>1</svg>');
    const first = await publishLanderRoot({ dir, client: s3().client, bucket: s3().bucket, now: NOW });
    expect([...first.uploaded].sort()).toEqual(manifest.files.map((file) => file.path).sort());
    const lastAsset = Math.max(...first.uploaded.map((key, i) => (key.startsWith('landers/') ? -1 : i)));
    const firstPage = first.uploaded.findIndex((key) => key.startsWith('landers/'));
    expect(lastAsset).toBeLessThan(firstPage);
    expect(first.uploaded.indexOf('landers/video/en.br')).toBeLessThan(first.uploaded.indexOf('landers/video/en'));

    const page = await s3().head('landers/video/en');
    expect(page.ContentType).toBe('text/html; charset=utf-8');
    expect(page.CacheControl).toBe('public, max-age=60');
    expect(page.ContentEncoding).toBeUndefined();
    const pageBr = await s3().head('landers/video/en.br');
    expect([pageBr.ContentType, pageBr.ContentEncoding]).toEqual(['text/html; charset=utf-8', 'br']);
    const font = await s3().head('_astro/font.abc123.woff2');
    expect([font.ContentType, font.CacheControl]).toEqual(['font/woff2', 'public, max-age=31536000, immutable']);
    const favicon = manifest.files.find((file) => file.path.startsWith('assets/favicon.') && !file.of)!;
    expect((await s3().head(favicon.path)).ContentType).toBe('image/svg+xml');

    const second = await publishLanderRoot({ dir, client: s3().client, bucket: s3().bucket, now: NOW });
    expect(second).toEqual({ uploaded: [], unchanged: manifest.files.length, deleted: [], kept: [] });
  });

  it('serves the bucket as a CDN would: the brotli object to a browser that takes it, the plain one otherwise', async () => {
    const cdn = await startCdnStandIn({ client: s3().client, bucket: s3().bucket });
    try {
      const brotli = await fetch(`${cdn.url}/landers/video/en`, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      const plain = await fetch(`${cdn.url}/landers/video/en`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await brotli.text()).toBe(await plain.text());
      expect((await fetch(`${cdn.url}/${PUBLISH_STATE_KEY}`)).status).toBe(404);
    } finally {
      await cdn.close();
    }
  });

  it('serves a built root folder the same way (for tests without a bucket)', async () => {
    const { dir } = await build('folder', '<svg>1</svg>');
    const cdn = await startCdnStandIn({ dir });
    try {
      const page = await fetch(`${cdn.url}/landers/video/de`, { headers: { 'accept-encoding': 'gzip' } });
      expect([page.status, page.headers.get('content-type'), page.headers.get('content-encoding')]).toEqual([
        200,
        'text/html; charset=utf-8',
        'gzip',
      ]);
      expect(page.headers.get('cache-control')).toBe('public, max-age=60');
      expect((await fetch(`${cdn.url}/.cdn-files.json`)).status).toBe(404);
      expect((await fetch(`${cdn.url}/landers/video/xx`)).status).toBe(404);
    } finally {
      await cdn.close();
    }
  });

  it('keeps an asset the new pages no longer name for the grace period, then deletes it', async () => {
    const before = new Set(await s3().keys());
    const { dir } = await build('three', '<svg>2</svg>');
    const next = await publishLanderRoot({ dir, client: s3().client, bucket: s3().bucket, now: NOW, graceDays: 7 });
    const oldFavicon = [...before].filter((key) => key.startsWith('assets/favicon.'));
    expect(oldFavicon).toHaveLength(3);
    expect(next.kept.sort()).toEqual(oldFavicon.sort());
    expect(next.deleted).toEqual([]);
    // The new favicon (and its variants) before the page that names it; the fonts did not change.
    expect(next.uploaded.filter((key) => key.startsWith('assets/'))).toHaveLength(3);
    expect(next.uploaded.slice(-2).sort()).toEqual(['landers/video/de', 'landers/video/en']);
    expect(next.uploaded).not.toContain('_astro/font.abc123.woff2');

    const stillInGrace = await publishLanderRoot({
      dir,
      client: s3().client,
      bucket: s3().bucket,
      now: new Date(NOW.getTime() + 6 * DAY),
    });
    expect(stillInGrace.kept.sort()).toEqual(oldFavicon.sort());
    const after = await publishLanderRoot({
      dir,
      client: s3().client,
      bucket: s3().bucket,
      now: new Date(NOW.getTime() + 7 * DAY),
    });
    expect(after.deleted.sort()).toEqual(oldFavicon.sort());
    expect(await s3().keys()).not.toEqual(expect.arrayContaining([oldFavicon[0]]));
  });

  it('builds and publishes in one step through a temporary folder (buildAndPublishLanders)', async () => {
    const own = await startS3StandIn('amora-landers-once');
    try {
      const result = await buildAndPublishLanders({
        clientDir: clientFolder('once', '<svg>4</svg>'),
        site,
        mediaDir: work,
        client: own.client,
        bucket: own.bucket,
        now: NOW,
      });
      expect(result.uploaded).toContain('landers/video/en');
      expect(await own.keys()).toEqual([...result.uploaded, PUBLISH_STATE_KEY].sort());
    } finally {
      await own.close();
    }
  });

  it('npm run landers:publish uploads a built root to the LANDERS_S3_* bucket, and nothing the second time', async () => {
    const own = await startS3StandIn('amora-landers-cli');
    try {
      const { dir, manifest } = await build('cli', '<svg>5</svg>');
      const run = () =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'src/server/landers/cdn/landers-cli.ts', 'publish', '--site', 'amora', '--dir', dir],
          {
            env: {
              ...process.env,
              SITES_DIR,
              ...Object.fromEntries(Object.entries(own.env).map(([k, v]) => [`LANDERS_${k}`, v])),
            },
          },
        );
      expect((await run()).stdout).toContain(
        `amora → amora-landers-cli: ${manifest.files.length} uploaded, 0 unchanged`,
      );
      expect((await run()).stdout).toContain(`0 uploaded, ${manifest.files.length} unchanged`);
      expect(await own.keys()).toContain('landers/video/en');
    } finally {
      await own.close();
    }
  });

  it('switches no page when an asset upload fails', async () => {
    const { dir } = await build('four', '<svg>3</svg>');
    const pageBefore = await s3().bytes('landers/video/en');
    const real = s3().client;
    const failing = {
      send: (command: { input: { Key?: string } }) =>
        command.input.Key?.startsWith('assets/favicon.')
          ? Promise.reject(new Error('network down'))
          : real.send(command as never),
    } as unknown as S3Client;
    await expect(publishLanderRoot({ dir, client: failing, bucket: s3().bucket, now: NOW })).rejects.toThrow(
      'network down',
    );
    expect(Buffer.from(await s3().bytes('landers/video/en')).equals(Buffer.from(pageBefore))).toBe(true);
  });
});
