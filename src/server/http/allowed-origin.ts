import type { SiteConfig } from '../platform/sites/site-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Hostnames (as `URL.hostname` spells them) of this machine's loopback interface. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * CSRF defence for state-changing API calls (docs/product.md §7): a present `Origin` must be
 * one of the calling site's own addresses, which are
 * - the site's `public_url` (scheme, host and port: a staging `https://host:8443` too), or
 * - `https://{host}` for each of the site's configured `hosts` (the public site, also behind
 *   a TLS-terminating proxy), or
 * - the origin the request itself was sent to (scheme, host and port of its URL, i.e. the
 *   `Host` header) when that host is one of the site's hosts or a loopback name: a developer's
 *   `http://localhost:4321`, a hosts-file `http://lovelane.test:4321`, a test server on
 *   `127.0.0.1:{port}` serving every demo site.
 * Never derived from `original-host`, which any caller can send. A request without `Origin`
 * passes (browsers send it on every cross-origin write); `Sec-Fetch-Site: cross-site` fails.
 * @param url the request's URL as the server received it (host from the `Host` header).
 */
export function isOriginAllowed(request: Request, url: URL, site: SiteConfig): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const header = request.headers.get('origin');
  if (!header) return true;
  let origin: string;
  try {
    origin = new URL(header).origin;
  } catch {
    return false;
  }
  if (site.public_url && origin === site.public_url) return true;
  const hosts = site.hosts.map((host) => host.toLowerCase());
  if (hosts.some((host) => origin === `https://${host}`)) return true;
  return origin === url.origin && (hosts.includes(url.hostname) || LOOPBACK_HOSTS.has(url.hostname));
}
