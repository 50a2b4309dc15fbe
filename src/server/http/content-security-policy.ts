import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of every HTML answer (docs/architecture.md §3 security headers).
 *
 * Scripts and styles: Astro (`security.csp` in astro.config.mjs) hashes every script and style
 * element it emits (island runtime, hydration directives, inlined scripts, bundled CSS) and writes
 * `script-src` / `style-src` into the `content-security-policy` header of a page rendered on
 * request, or into a `<meta http-equiv>` of a pre-rendered file. Inline content whose text is
 * decided while rendering (a lander's CSS, the template's `@font-face` rules) is hashed with
 * `cspHash()`: by the pre-rendered component that writes it (`Astro.csp`), or, for pages that
 * stream, listed by the middleware (`styleHashes`). This module keeps Astro's script and style
 * directives and adds the rest, so no other directive comes from Astro.
 */

/** Other places pages may load images and media from (absolute origins such as `https://cdn.example.com`). */
export interface CspSources {
  /** `img-src` beyond `'self'`: the site's CDN, the GIF service's media host, webcam images. */
  images: readonly string[];
  /** `media-src` beyond `'self'`: the site's CDN (lander videos). */
  media: readonly string[];
}

/** Hashes (`cspHash`) of inline styles the app writes while rendering, allowed beside Astro's own. */
export type StyleHashes = readonly `sha256-${string}`[];

/** The script and style directives Astro writes; everything else in its policy is ignored. */
const SCRIPT_STYLE_DIRECTIVES = new Set([
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
]);

/** `'sha256-…'` of an inline script's or style's exact text, as `script-src`/`style-src` list it (without quotes). */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** Splits a policy into `[name, value]` pairs in order (names lower case; empty parts dropped). */
function directivesOf(policy: string): [string, string][] {
  return policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', ...values] = part.split(/\s+/);
      return [name.toLowerCase(), values.join(' ')];
    });
}

/** An origin list entry: only `scheme://host[:port]` of an absolute http(s) URL, null otherwise. */
export function cspOrigin(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The full policy of an HTML answer: the script and style directives of `astroPolicy` (the
 * header Astro set or the `<meta>` of a pre-rendered file; `'self'` only when null) and
 * `default-src 'self'`, `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'`,
 * `form-action 'self'`, `img-src`/`media-src` `'self'` plus `sources`, `connect-src 'self'` (API
 * and the event stream), `worker-src 'self'` (the service worker), `manifest-src 'self'`.
 * `styleHashes` are added to the style element directive. A source that is not an http(s) origin
 * is left out. Idempotent: the answer as `astroPolicy` gives itself back.
 */
export function contentSecurityPolicy(
  astroPolicy: string | null,
  sources: CspSources,
  styleHashes: StyleHashes = [],
): string {
  const astro = directivesOf(astroPolicy ?? '').filter(([name]) => SCRIPT_STYLE_DIRECTIVES.has(name));
  // Without Astro's directives only our own files may run: no inline script or style element.
  if (!astro.some(([name]) => name === 'script-src')) astro.unshift(['script-src', "'self'"]);
  if (!astro.some(([name]) => name === 'style-src')) astro.push(['style-src', "'self'"]);
  // The app's hashes go where Astro puts its own: `style-src-elem` when it writes one, else `style-src`.
  const target = astro.some(([name]) => name === 'style-src-elem') ? 'style-src-elem' : 'style-src';
  const scriptStyle = astro.map(([name, value]) => {
    const values = value.split(/\s+/).filter(Boolean);
    if (name === target) for (const hash of styleHashes) if (!values.includes(`'${hash}'`)) values.push(`'${hash}'`);
    return [name, ...values].join(' ');
  });
  const list = (extra: readonly string[]) =>
    ["'self'", ...new Set(extra.map(cspOrigin).filter((origin) => origin !== null))].join(' ');
  return [
    "default-src 'self'",
    ...scriptStyle,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `img-src ${list(sources.images)}`,
    `media-src ${list(sources.media)}`,
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * The policy Astro wrote into a pre-rendered file's `<meta http-equiv="content-security-policy">`,
 * or null when it has none. Only the document's head is searched.
 */
export function metaPolicyOf(html: string): string | null {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const meta = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i.exec(head);
  return meta
    ? meta[1]!
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}
