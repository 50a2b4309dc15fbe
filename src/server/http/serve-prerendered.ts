import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import type { StaticPage } from '~/shared/static-pages';
import { findLanderFile, findStaticPageFile } from '../landers';
import type { SiteConfig } from '../platform/sites/site-config';
import type { PrerenderedFile, PrerenderedStore } from '../static/prerendered-store';
import { detectRequestLocale } from './request-locale';
import { metaPolicyOf } from './content-security-policy';
import { SECURITY_HEADERS } from './security-headers';
import { trackingFromUrl } from './tracking-cookie';

/**
 * The file's bytes in the best encoding the request accepts (brotli, gzip or
 * none), compressed once per file and kept with it.
 */
export function negotiateEncoding(
  file: PrerenderedFile,
  request: Request,
): { body: Uint8Array<ArrayBuffer>; encoding: 'br' | 'gzip' | null } {
  // Brotli whenever it is acceptable (not refused with q=0), else gzip.
  const acceptable = new Negotiator({
    headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? '' },
  }).encodings(['br', 'gzip']);
  const accepted = acceptable.includes('br') ? 'br' : acceptable.includes('gzip') ? 'gzip' : null;
  if (!accepted) return { body: file.body, encoding: null };
  file.encoded ??= {};
  file.encoded[accepted] ??= new Uint8Array(
    accepted === 'br'
      ? zlib.brotliCompressSync(file.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.gzipSync(file.body, { level: 9 }),
  );
  return { body: file.encoded[accepted], encoding: accepted };
}

/**
 * A pre-rendered file's answer. Its `content-security-policy` is the script and style policy the
 * build wrote into the file's `<meta>` (hashes of its inline script and styles); the middleware
 * completes it with the other directives (`withSecurityHeaders`).
 */
export function htmlResponse(
  file: PrerenderedFile,
  request: Request,
  headers: Record<string, string>,
  setCookie: string | null,
): Response {
  if (file.policy === undefined) file.policy = metaPolicyOf(new TextDecoder().decode(file.body));
  const all = new Headers({
    ...SECURITY_HEADERS,
    ...(file.policy ? { 'content-security-policy': file.policy } : {}),
    'content-type': 'text/html; charset=utf-8',
    etag: file.etag,
    ...headers,
  });
  all.set('vary', headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding');
  if (setCookie) {
    all.append('set-cookie', setCookie);
    // A response that sets a visitor's cookie must not be stored by shared caches.
    all.set('cache-control', 'private, no-cache');
  }
  if (!setCookie && request.headers.get('if-none-match') === file.etag)
    return new Response(null, { status: 304, headers: all });
  const { body, encoding } = negotiateEncoding(file, request);
  if (encoding) all.set('content-encoding', encoding);
  return new Response(body, { headers: all });
}

/**
 * `GET /landers/{design}/{slug}`: the site's pre-rendered lander. When the URL
 * carries a tracking record (network, ref, sub1–3, click id) it is also stored
 * in the first-party cookie, so it survives without JavaScript (docs/product.md §3) — with the
 * visitor's consent where the site asks for it (docs/product.md §3 Consent).
 * Null when design or slug is unknown (the route answers 404).
 */
export async function serveLander(
  store: PrerenderedStore,
  input: { site: SiteConfig; design: string; slug: string; request: Request; secureCookies: boolean },
): Promise<Response | null> {
  const file = await findLanderFile(store, input.site, input.design, input.slug);
  if (!file) return null;
  const tracking = trackingFromUrl(new URL(input.request.url), input.request, input.site, input.secureCookies);
  return htmlResponse(file, input.request, { 'cache-control': 'public, max-age=300' }, tracking?.setCookie ?? null);
}

/**
 * `GET /pages/{page}`: the site's pre-rendered page in the request's locale, at
 * the same URL for every locale (`Vary: Cookie, Accept-Language`).
 * Null when the build has no such page.
 */
export async function serveStaticPage(
  store: PrerenderedStore,
  input: { site: SiteConfig; page: StaticPage; request: Request },
): Promise<Response | null> {
  const locale = detectRequestLocale(input.request, input.site.domain_language);
  const file = await findStaticPageFile(store, input.site, input.page, locale);
  if (!file) return null;
  return htmlResponse(
    file,
    input.request,
    { 'cache-control': 'private, no-cache', vary: 'Cookie, Accept-Language', 'content-language': locale },
    null,
  );
}
