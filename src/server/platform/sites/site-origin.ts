import type { SiteConfig } from './site-config';

/** Host names of this machine's loopback interface, as a site's `hosts` may list them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The origin (`scheme://host[:port]`, no trailing slash) of every absolute URL the server writes
 * for `site` (docs/product.md §3 Settings, `public_url`): mail links, the payment provider's
 * redirect and webhook URLs, unsubscribe and setup links. Never taken from a request (its `Host`,
 * `original-host` or `X-Forwarded-Host` are the caller's to choose):
 * - the site's configured `public_url`;
 * - else, for a site that lists a loopback host (the demo's default site in development and
 *   tests), this server's own address `http://localhost:{port}`;
 * - else `https://{first host}`.
 * @param config.port this server's port (PORT).
 */
export function siteOrigin(ctx: { config: { port: number } }, site: Pick<SiteConfig, 'public_url' | 'hosts'>): string {
  if (site.public_url) return site.public_url;
  if (site.hosts.some((host) => LOOPBACK_HOSTS.has(host.toLowerCase()))) return `http://localhost:${ctx.config.port}`;
  return `https://${site.hosts[0]!.toLowerCase()}`;
}
