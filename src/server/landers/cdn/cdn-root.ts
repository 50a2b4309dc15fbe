import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import type { SiteConfig } from '../../platform/sites/site-config';
import type { Storage } from '../../storage/storage';
import { ensureLanderMedia } from '../lander-media';
import { cdnEntryHtml, rewriteLanderHtml } from './cdn-html';

/**
 * A site's landers as a standalone CDN root (docs/architecture.md §3 Landers on a CDN): the folder a
 * CDN at `landers_url` serves, made from a build's pre-rendered landers
 * (`{clientDir}/sites/{site}/landers/`). Its layout is the bucket's: each file's path is its object
 * key and its URL path on the CDN.
 * - `landers/{design}/{slug}`: a lander page, stored without extension at the URL its links use;
 * - `landers/{design}/index.html`: the CDN's entry page, forwarding to the app's entry link;
 * - `_astro/…` (Astro's content-hashed fonts, same paths: the inline styles name them),
 *   `assets/{name}.{hash}.{ext}` (favicon) and `media/{key}.{hash}.{ext}` (hero media, portraits):
 *   content-hashed, so cached for a year and never changed;
 * - `{file}.br` and `{file}.gz` beside each text file (HTML, SVG, CSS, JS): the same content
 *   precompressed, for a CDN that picks a variant by `Accept-Encoding`;
 * - `CDN_MANIFEST` (`.cdn-files.json`): the list of files with their headers; not part of the root
 *   (never uploaded), read by the publish step and the test CDN.
 */

/** The build's list of files (`{outDir}/.cdn-files.json`). */
export const CDN_MANIFEST = '.cdn-files.json';
/** Cache-Control of a page: short, so a new publish reaches visitors within a minute. */
export const PAGE_CACHE_CONTROL = 'public, max-age=60';
/** Cache-Control of a content-hashed asset: its name changes with its content. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  woff2: 'font/woff2',
  woff: 'font/woff',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  avif: 'image/avif',
  webm: 'video/webm',
  mp4: 'video/mp4',
  ico: 'image/x-icon',
};
/** Types worth precompressing (the others are compressed formats already). */
const TEXT_TYPES = /^(text\/|image\/svg\+xml|application\/json)/;

const cdnFileSchema = z.object({
  /** Object key and URL path without the leading `/`. */
  path: z.string().min(1),
  /** `page` (HTML, replaced in place, switched last) or `asset` (content-hashed). */
  kind: z.enum(['page', 'asset']),
  contentType: z.string(),
  cacheControl: z.string(),
  /** Set on a precompressed variant (`{of}.br`, `{of}.gz`). */
  contentEncoding: z.enum(['br', 'gzip']).nullable(),
  /** For a variant: the path of the file it is a variant of. */
  of: z.string().nullable(),
});
/** One file of a CDN root. */
export type CdnFile = z.infer<typeof cdnFileSchema>;
/** `.cdn-files.json`: which site the root is of and its files. */
export const cdnManifestSchema = z.object({ site: z.string(), appOrigin: z.string(), files: z.array(cdnFileSchema) });
export type CdnManifest = z.infer<typeof cdnManifestSchema>;

/** The manifest of a built CDN root. @throws when the folder holds none or a malformed one. */
export async function readCdnManifest(dir: string): Promise<CdnManifest> {
  return cdnManifestSchema.parse(JSON.parse(await fs.readFile(path.join(dir, CDN_MANIFEST), 'utf8')));
}

/** A storage kept in memory: the lander media are rendered into it (ensureLanderMedia), then copied out. */
function memoryStorage(): Storage & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    put: async (key, data) => void files.set(key, data),
    get: async (key) => files.get(key) ?? null,
    exists: async (key) => files.has(key),
    delete: async (key) => void files.delete(key),
  };
}

function contentTypeOf(file: string, kind: CdnFile['kind']): string {
  if (kind === 'page') return CONTENT_TYPES.html!;
  const type = CONTENT_TYPES[path.extname(file).slice(1).toLowerCase()];
  if (!type) throw new Error(`no content type known for ${file}`);
  return type;
}

/** `dir/name.ext` → `prefix/dir/name.{hash}.ext` (10 hex digits of the SHA-256 of the content). */
function hashedPath(prefix: string, key: string, data: Uint8Array): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const extension = path.posix.extname(key);
  return `${prefix}/${key.slice(0, key.length - extension.length)}.${hash}${extension}`;
}

/**
 * Builds the CDN root of `site`'s landers into `outDir` (emptied first) from a build's client
 * folder (`dist/client`) and returns its manifest (also written to `outDir/.cdn-files.json`).
 * `mediaDir` is `landers/media` (LANDER_MEDIA_DIR): hero media and demo portraits are rendered
 * from it as the seed does, so the root needs neither the app's storage nor a running server.
 * @throws when the site has no `public_url` (the landers' links into the app need it), the build
 * has no landers of the site, or a page refers to a file the root cannot hold.
 */
export async function buildLanderCdnRoot(input: {
  clientDir: string;
  site: SiteConfig;
  outDir: string;
  mediaDir: string;
}): Promise<CdnManifest> {
  const { site, clientDir, outDir } = input;
  if (!site.public_url)
    throw new Error(`${site.package_name}: public_url is not set; a CDN copy's links into the app need it`);
  const landersDir = path.join(clientDir, 'sites', site.package_name, 'landers');
  const pages = (await fs.readdir(landersDir, { recursive: true }).catch(() => null))?.filter((file) =>
    file.endsWith('index.html'),
  );
  if (!pages?.length)
    throw new Error(`no pre-rendered landers of ${site.package_name} in ${landersDir} (npm run build)`);

  const mediaPrefix = site.cdn_prefix.startsWith('/') ? site.cdn_prefix.replace(/\/$/, '') + '/' : null;
  const media = memoryStorage();
  if (mediaPrefix) await ensureLanderMedia(media, input.mediaDir);

  const assets = new Map<string, Uint8Array>();
  const assetPaths = new Map<string, string>();
  async function loadClientFile(url: string): Promise<Uint8Array | null> {
    const file = path.join(clientDir, ...url.split('/').filter(Boolean));
    if (!file.startsWith(clientDir + path.sep)) return null;
    return fs.readFile(file).catch(() => null);
  }
  // Client files a page may name by path (favicon, Astro's files): read before the synchronous rewrite.
  const clientFiles = new Map<string, Uint8Array>();
  const assetPath = (url: string): string | null => {
    const clean = url.split(/[?#]/)[0]!;
    const known = assetPaths.get(clean);
    if (known) return known;
    let target: string | null = null;
    let data: Uint8Array | undefined;
    if (mediaPrefix && clean.startsWith(mediaPrefix)) {
      const key = clean.slice(mediaPrefix.length);
      data = media.files.get(key);
      if (!data) throw new Error(`a lander of ${site.package_name} shows ${clean}, which the lander media do not hold`);
      target = hashedPath('media', key, data);
    } else if ((data = clientFiles.get(clean))) {
      // Astro's files are content-hashed already, and the inline styles name them: same path.
      target = clean.startsWith('/_astro/') ? clean.slice(1) : hashedPath('assets', clean.slice(1), data);
    }
    if (!target || !data) return null;
    assets.set(target, data);
    assetPaths.set(clean, `/${target}`);
    return `/${target}`;
  };

  const written: { path: string; kind: CdnFile['kind']; data: Uint8Array }[] = [];
  for (const page of pages.sort()) {
    const html = await fs.readFile(path.join(landersDir, page), 'utf8');
    for (const match of html.matchAll(/"(\/(?:_astro\/|favicon)[^"?#]*)"|url\((\/_astro\/[^)]+)\)/g)) {
      const url = match[1] ?? match[2]!;
      if (!clientFiles.has(url)) {
        const data = await loadClientFile(url);
        if (data) clientFiles.set(url, data);
        else if (url.startsWith('/_astro/')) throw new Error(`${page} names ${url}, which the build does not hold`);
      }
      // Fonts named only inside the inline style (never rewritten) still belong to the root.
      if (url.startsWith('/_astro/')) assetPath(url);
    }
    const dir = path.dirname(page).split(path.sep);
    if (dir.length === 1) {
      // `landers/{design}/index.html`: the entry page.
      const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en';
      const entry = cdnEntryHtml({ appOrigin: site.public_url, design: dir[0]!, title: site.name, lang });
      written.push({ path: `landers/${dir[0]}/index.html`, kind: 'page', data: Buffer.from(entry) });
    } else {
      const rewritten = rewriteLanderHtml(html, { appOrigin: site.public_url, assetPath });
      written.push({ path: `landers/${dir.join('/')}`, kind: 'page', data: Buffer.from(rewritten) });
    }
  }
  for (const [file, data] of assets) written.push({ path: file, kind: 'asset', data });
  checkSelfContained(written);

  await fs.rm(outDir, { recursive: true, force: true });
  const files: CdnFile[] = [];
  for (const file of written) {
    const contentType = contentTypeOf(file.path, file.kind);
    const cacheControl = file.kind === 'page' ? PAGE_CACHE_CONTROL : ASSET_CACHE_CONTROL;
    const base = { kind: file.kind, contentType, cacheControl };
    await writeFile(outDir, file.path, file.data);
    files.push({ ...base, path: file.path, contentEncoding: null, of: null });
    if (!TEXT_TYPES.test(contentType)) continue;
    const variants = [
      ['br', 'br', zlib.brotliCompressSync(file.data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['gz', 'gzip', zlib.gzipSync(file.data, { level: 9 })],
    ] as const;
    for (const [suffix, encoding, data] of variants) {
      await writeFile(outDir, `${file.path}.${suffix}`, data);
      files.push({ ...base, path: `${file.path}.${suffix}`, contentEncoding: encoding, of: file.path });
    }
  }
  const manifest: CdnManifest = { site: site.package_name, appOrigin: site.public_url, files };
  await fs.writeFile(path.join(outDir, CDN_MANIFEST), JSON.stringify(manifest, null, 1));
  return manifest;
}

/**
 * Every root-relative URL a page of the root names (in an attribute or an inline style) must be a
 * file of the root: a lander on the CDN has no app behind it to answer the rest.
 * @throws naming the first page and the URLs that would answer 404.
 */
function checkSelfContained(files: { path: string; kind: CdnFile['kind']; data: Uint8Array }[]): void {
  const paths = new Set(files.map((file) => file.path));
  for (const file of files) {
    if (file.kind !== 'page') continue;
    const html = Buffer.from(file.data).toString('utf8');
    const urls = [...html.matchAll(/(?:="|url\()(\/[^/"')\s][^"')\s]*)/g)].map((match) => match[1]!.split(/[?#]/)[0]!);
    const missing = [...new Set(urls)].filter((url) => !paths.has(url.slice(1)));
    if (missing.length > 0)
      throw new Error(`${file.path} names ${missing.join(', ')}, which the CDN root does not hold`);
  }
}

async function writeFile(root: string, file: string, data: Uint8Array): Promise<void> {
  const target = path.join(root, ...file.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, data);
}
