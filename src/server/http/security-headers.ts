import type { Config } from '../config';
import { isInRanges, parseIpRange } from '../platform/security/ip-ranges';
import type { SiteConfig } from '../platform/sites/site-config';
import { contentSecurityPolicy, cspOrigin, type CspSources, type StyleHashes } from './content-security-policy';

/** The header every answer carries: the browser must not guess a type other than the one we send. */
export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/** Security headers for every HTML response (the policy itself comes from `contentSecurityPolicy`). */
export const SECURITY_HEADERS: Record<string, string> = {
  ...NOSNIFF,
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
};

/**
 * Strict-Transport-Security of an answer over https: one year, subdomains included (every host
 * of a site is served over https once one is). Browsers ignore it over plain http, where we never send it.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The GIF service's media host when the API is Tenor's (its answers point there, not at the API host). */
const TENOR_API_HOST = 'tenor.googleapis.com';
const TENOR_MEDIA_ORIGIN = 'https://media.tenor.com';

/**
 * Where a site's pages load images and media from besides their own origin
 * (docs/architecture.md §3 security headers): the site's `cdn_prefix` when it is absolute;
 * with the GIF service on (`GIF_API_KEY`), its media host (`https://media.tenor.com` for Tenor's API,
 * else the API's origin); with a partner webcam feed (`XCAMS_FEED_URL`), the feed's origin; and
 * every origin in `CSP_IMAGE_ORIGINS`.
 */
export function cspSourcesFor(config: Config, site: Pick<SiteConfig, 'cdn_prefix'>): CspSources {
  const cdn = cspOrigin(site.cdn_prefix);
  const gifs = config.gifApi.key
    ? [new URL(config.gifApi.url).hostname === TENOR_API_HOST ? TENOR_MEDIA_ORIGIN : config.gifApi.url]
    : [];
  const cams = config.xcamsFeedUrl ? [config.xcamsFeedUrl] : [];
  return {
    images: [...(cdn ? [cdn] : []), ...gifs, ...cams, ...config.cspImageOrigins],
    media: cdn ? [cdn] : [],
  };
}

/**
 * True when the browser reached us over https: the request's own URL says so (TLS on this server),
 * or the socket's `peer` is one of `trustedProxies` (TRUST_PROXY) and its `X-Forwarded-Proto` is
 * `https` (the right-most value, the one the nearest proxy wrote). Anyone else's header is ignored.
 */
export function isHttpsRequest(request: Request, peer: string, trustedProxies: readonly string[]): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  const forwarded = request.headers.get('x-forwarded-proto');
  if (!forwarded || trustedProxies.length === 0) return false;
  // map + filter, not flatMap: a range is itself a tuple and must not be flattened.
  const ranges = trustedProxies.map(parseIpRange).filter((range) => range !== null);
  if (!isInRanges(peer, ranges)) return false;
  return forwarded.split(',').pop()!.trim().toLowerCase() === 'https';
}

/** What `withSecurityHeaders` needs to know about the request. */
export interface SecurityHeaderOptions {
  /** The request came over https (`isHttpsRequest`): add HSTS. */
  https: boolean;
  /**
   * What an HTML answer's policy allows beyond Astro's hashes: image and media sources
   * (`cspSourcesFor`) and hashes of inline styles the app writes. Null: no policy at all (the
   * development server, whose injected scripts Astro does not hash).
   */
  csp: { sources: CspSources; styleHashes?: StyleHashes } | null;
}

/**
 * The answer with its security headers: `nosniff` on every answer, HSTS over https, and on HTML
 * the frame, referrer and permissions headers and the full Content-Security-Policy, completed from
 * the script and style directives Astro (or the pre-rendered file) put in its
 * `content-security-policy` header. Answers whose headers cannot be changed (from `fetch`,
 * `Response.redirect`) are copied first.
 */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions): Response {
  const answer = withMutableHeaders(response);
  const headers = answer.headers;
  for (const [name, value] of Object.entries(NOSNIFF)) headers.set(name, value);
  if (options.https) headers.set('strict-transport-security', HSTS);
  if (headers.get('content-type')?.startsWith('text/html')) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (options.csp) {
      const { sources, styleHashes } = options.csp;
      headers.set(
        'content-security-policy',
        contentSecurityPolicy(headers.get('content-security-policy'), sources, styleHashes),
      );
    }
  }
  return answer;
}

/** The response itself when its headers can be changed, else a copy with the same status, headers and body. */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
  }
}
