import type { SiteConfig } from '../platform/sites/site-config';
import { isPublicUnicastAddress, parseIpAddress } from '../platform/security/public-address';
import { countryOfIp } from './ip-country';

/**
 * Where a visitor is, as far as the site is concerned (docs/product.md §3 Settings `geoip_country`,
 * `geoip_selected_country`).
 */
export interface VisitorCountry {
  /**
   * `geoip_country`: ISO 3166-1 alpha-2 country of the client address in the offline GeoLite2
   * database, which may be a country the site does not serve; the site's default country when the
   * address is loopback, private or otherwise not public, malformed, or not in the database.
   */
  country: string;
  /** `geoip_selected_country`: `country` when the site serves it, else the site's default country. */
  selected: string;
  /** True when `selected` comes from the address (a served country), false when it is the default. */
  located: boolean;
}

/**
 * The site's default country (docs/product.md §3 Settings): the first of its `countries`, the
 * market the site file lists first. `company.country` is not used: it is where the operating
 * company is registered, which need not be a country the site serves or its main market.
 */
export function defaultCountryOf(site: Pick<SiteConfig, 'countries'>): string {
  const first = site.countries[0];
  if (!first) throw new Error('a site has at least one country');
  return first;
}

/**
 * The visitor's country for `address` (the client address from `clientAddressOf`, which has
 * already applied TRUST_PROXY) on `site`, docs/product.md §3 Settings: looked up in the offline
 * country database (`countryOfIp`, no network). IPv4-mapped IPv6 is judged as the IPv4 it carries.
 * Only public unicast addresses are looked up; loopback, private, link-local, carrier-grade NAT,
 * documentation and other special ranges, `unknown`, garbage, null, and public addresses the
 * database does not know all give the site's default country (`defaultCountryOf`). Never throws
 * for any input.
 */
export function visitorCountry(
  site: Pick<SiteConfig, 'countries'>,
  address: string | null | undefined,
): VisitorCountry {
  const fallback = defaultCountryOf(site);
  const ip = address ? parseIpAddress(address) : null;
  const found = ip && isPublicUnicastAddress(ip) ? countryOfIp(ip.toString()) : null;
  const country = found ?? fallback;
  const located = found !== null && site.countries.includes(found);
  return { country, selected: located ? found : fallback, located };
}

/**
 * docs/product.md §2 Search: the country filter a search's automatic first load starts with when
 * it has no filters of its own (none in the page URL, nothing remembered for a member): the
 * visitor's country when the site has a country search field (`search_fields` contains `country`)
 * and the address places the visitor in one of the site's countries; null otherwise (an unknown or
 * foreign visitor searches all the site's countries, as before, rather than only the default one).
 */
export function searchDefaultCountry(
  site: Pick<SiteConfig, 'countries' | 'search_fields'>,
  address: string | null | undefined,
): string | null {
  if (!site.search_fields.includes('country')) return null;
  const visitor = visitorCountry(site, address);
  return visitor.located ? visitor.selected : null;
}
