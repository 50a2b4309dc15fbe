import { createHash } from 'node:crypto';

/**
 * The HTML side of a lander's CDN copy (docs/architecture.md §3 Landers on a CDN): how a
 * pre-rendered lander page becomes a page that works from `landers_url`. Pure string work: no
 * files, no network.
 *
 * Root-relative URLs in a pre-rendered lander are of three kinds:
 * - assets (`/_astro/…` fonts, `/favicon.svg`, media under a root-relative `cdn_prefix`): the CDN
 *   root holds them, under content-hashed names (`assetPath` decides the new path);
 * - the site's other landers (`/landers/…`, the footer's language links): on the CDN too, unchanged;
 * - everything else (`/`, `/login`, `/signup`, `/pages/…`, the `/signup` form): the app, so they
 *   become absolute URLs on `public_url`. The lander script adds the visit's tracking record to the
 *   CTAs (`data-cta`) whatever their origin, so the record reaches the app in the CTA's URL.
 *
 * Inline `<script>` and `<style>` contents are never changed: the page's Content-Security-Policy
 * `<meta>` holds their hashes. Their own URLs must therefore already be right on the CDN; only
 * `/_astro/…` (kept at the same path) is accepted there, anything else throws.
 */

/** The footer's consent choice (replaced by `CONSENT_STAND_IN`). */
const CONSENT_PANEL = /<details\b[^>]*\bdata-consent-panel\b[^>]*>[\s\S]*?<\/details>/;

/**
 * What replaces the consent choice on a CDN copy (docs/product.md §3 Consent): an empty hidden
 * element the lander script finds as "a site that asks, no consent given", so it never writes the
 * tracking cookie on the CDN's host, where the app could not read it anyway. The record travels in
 * the CTA's URL, and the app asks for consent on its own pages. Added on every site (asking or not)
 * so no CDN copy ever keeps a cookie the app cannot read.
 */
export const CONSENT_STAND_IN = '<i hidden data-consent-panel></i>';

/** Attributes whose value is one URL (besides `data-*`, where the landers keep their video URLs). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'formaction']);
/** Attributes whose value is a list of `url descriptor` pairs. */
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/** What `rewriteLanderHtml` needs to know about the site and the CDN root. */
export interface CdnRewrite {
  /** The app's origin (`public_url`, no trailing slash). */
  appOrigin: string;
  /**
   * The CDN path (`/assets/favicon.1a2b3c4d.svg`) of a root-relative asset URL (`/favicon.svg`,
   * `/media/landers/x.webp`), or null when the URL is not an asset. It may record the asset to copy.
   */
  assetPath(url: string): string | null;
}

/** Kept as is on the CDN: the site's landers and Astro's own hashed files (same path on the CDN). */
function staysOnCdn(url: string): boolean {
  return url.startsWith('/landers/') || url.startsWith('/_astro/');
}

/** The CDN copy's URL of one root-relative URL (a value not starting with one `/` is returned as is). */
function rewriteUrl(url: string, rewrite: CdnRewrite): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const asset = rewrite.assetPath(url);
  if (asset) return asset;
  if (staysOnCdn(url)) return url;
  return `${rewrite.appOrigin}${url}`;
}

/** An attribute value rewritten: a srcset list, `url(…)`s of a style attribute, else the URL itself. */
function rewriteValue(name: string, value: string, rewrite: CdnRewrite): string {
  if (SRCSET_ATTRIBUTES.has(name))
    return value
      .split(',')
      .map((candidate) =>
        candidate.replace(/^(\s*)(\S+)/, (_, space: string, url: string) => space + rewriteUrl(url, rewrite)),
      )
      .join(',');
  if (name === 'style')
    return value.replace(
      /url\((['"]?)(\/[^'")]+)\1\)/g,
      (_, q: string, url: string) => `url(${q}${rewriteUrl(url, rewrite)}${q})`,
    );
  // Text attributes (alt, title, a `<meta content>`) are left alone even when they start with `/`.
  return URL_ATTRIBUTES.has(name) || name.startsWith('data-') ? rewriteUrl(value, rewrite) : value;
}

/** Rewrites every `name="value"` of the tags in an HTML fragment without script or style contents. */
function rewriteTags(fragment: string, rewrite: CdnRewrite): string {
  return fragment.replace(/<[a-zA-Z][^>]*>/g, (tag) =>
    tag.replace(/(\s)([a-zA-Z_:][-\w:.]*)="([^"]*)"/g, (_, space: string, name: string, value: string) => {
      return `${space}${name}="${rewriteValue(name.toLowerCase(), value, rewrite)}"`;
    }),
  );
}

/** Throws when an inline script or style refers to a root-relative URL that would break on the CDN. */
function checkInlineContent(kind: string, content: string): void {
  const urls = [
    ...content.matchAll(/url\((['"]?)(\/[^'")]*)\1\)|["'](\/(?:media|favicon|pages|signup|login)[^"']*)["']/g),
  ];
  const broken = urls.map((match) => match[2] ?? match[3]!).filter((url) => !url.startsWith('/_astro/'));
  if (broken.length > 0)
    throw new Error(
      `an inline ${kind} refers to ${broken[0]}: its hash is in the page's policy, so the CDN copy cannot rewrite it`,
    );
}

/**
 * The CDN copy of one pre-rendered lander page: asset URLs replaced by their CDN paths, links into
 * the app made absolute on `appOrigin`, the consent choice replaced by `CONSENT_STAND_IN`.
 * @throws when an inline script or style names a URL that cannot work from the CDN.
 */
export function rewriteLanderHtml(html: string, rewrite: CdnRewrite): string {
  const withoutConsent = html.replace(CONSENT_PANEL, '');
  const parts = withoutConsent.split(/(<(script|style)\b[^>]*>[\s\S]*?<\/\2>)/);
  let out = '';
  for (let index = 0; index < parts.length; index += 3) {
    out += rewriteTags(parts[index]!, rewrite);
    const element = parts[index + 1];
    if (element === undefined) continue;
    const open = /^<[^>]*>/.exec(element)![0];
    const close = `</${parts[index + 2]}>`;
    checkInlineContent(parts[index + 2]!, element.slice(open.length, element.length - close.length));
    out += rewriteTags(open, rewrite) + element.slice(open.length);
  }
  // Right after <body>: the stand-in must exist before the lander script (at the end) looks for it.
  return out.replace(/<body\b[^>]*>/, (body) => body + CONSENT_STAND_IN);
}

/**
 * The CDN copy's `/landers/{design}/index.html` (docs/product.md §12 Landers on a CDN): the entry
 * link stays on the app, so a link that points at the CDN's entry forwards (keeping its query, i.e.
 * the tracking record) to `{appOrigin}/landers/{design}/`, where the visit is counted and the
 * experiment's variant drawn before the app sends the visitor back to a lander on the CDN. Without
 * JavaScript a plain link does the same without the query. The inline script's hash is in the
 * page's own policy `<meta>`.
 */
export function cdnEntryHtml(input: { appOrigin: string; design: string; title: string; lang: string }): string {
  const entry = `${input.appOrigin}/landers/${input.design}/`;
  const script = `location.replace(${JSON.stringify(entry).replace(/</g, '\\u003c')} + location.search);`;
  const escape = (text: string) =>
    text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
  return [
    '<!doctype html>',
    `<html lang="${escape(input.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="content-security-policy" content="script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'; default-src 'none'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escape(input.title)}</title>`,
    `<script>${script}</script>`,
    '</head>',
    `<body><a href="${escape(entry)}">${escape(input.title)}</a></body>`,
    '</html>',
    '',
  ].join('\n');
}
