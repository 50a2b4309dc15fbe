import type { SiteConfig } from '../platform/sites/site-config';
import type { SiteRegistry } from '../platform/sites/load-sites';

/**
 * The headers site resolution reads, by lower-case name (`null` when absent).
 * The http edge passes a request's headers; the domain needs no request type.
 */
export interface HeaderLookup {
  get(name: string): string | null;
}

/** Host without port, lower-cased; `null` for an empty value. */
function hostname(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] || null;
}

/**
 * Picks the site for a page request: `original-host` header (set by a proxy or
 * the app client), then Host; unknown hosts get the default site.
 */
export function resolveSiteForPage(sites: SiteRegistry, headers: HeaderLookup): SiteConfig {
  for (const value of [headers.get('original-host'), headers.get('host')]) {
    const host = hostname(value);
    const site = host ? sites.byHost.get(host) : undefined;
    if (site) return site;
  }
  return sites.defaultSite;
}

/**
 * Picks the site for an API call from its required `package-name` header.
 * @returns the site, `'missing'` when the header is absent, `'unknown'` when no site has that name.
 */
export function resolveSiteForApi(sites: SiteRegistry, headers: HeaderLookup): SiteConfig | 'missing' | 'unknown' {
  const packageName = headers.get('package-name')?.trim();
  if (!packageName) return 'missing';
  return sites.byPackageName.get(packageName) ?? 'unknown';
}
