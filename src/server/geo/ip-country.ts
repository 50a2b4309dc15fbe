import { createRequire } from 'node:module';
import { isIP } from 'node:net';

/**
 * The country of an IP address from the GeoLite2 country database shipped in the
 * `geoip-country` package (no download at install or run time). Used for the "approximate
 * place" of a log-in session (docs/product.md §10 sessions); the address itself is not kept.
 */

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoipCountry | null = null;

/** ISO 3166-1 alpha-2 country of `address`, or null for private, loopback, unknown or malformed addresses. */
export function countryOfIp(address: string | null | undefined): string | null {
  if (!address || isIP(address) === 0) return null;
  // Loaded on first use: the database is ~8 MB and most processes (tests, tools) never need it.
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  const country = geoip.lookup(address)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
