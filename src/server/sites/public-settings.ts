import type { PublicSettings } from '~/shared/contracts/settings';
import type { Locale } from '~/shared/locales';
import { regionsOf } from '../geo/regions';
import type { SiteConfig } from './site-config';

/**
 * The settings the browser needs (docs/product.md §3 Settings), from a site config plus
 * per-request values (geoip country, push key, the visitor's locale for region names).
 */
export function toPublicSettings(
  site: SiteConfig,
  extra: { geoipCountry: string | null; pushPublicKey: string | null; locale: Locale },
): PublicSettings {
  const geoipSelected = extra.geoipCountry && site.countries.includes(extra.geoipCountry) ? extra.geoipCountry : null;
  return {
    package_name: site.package_name,
    name: site.name,
    template: site.template,
    niche: site.niche,
    domain_language: site.domain_language,
    signups: site.signups,
    logged_out_search: site.logged_out_search,
    logged_out_search_trafficsource: site.logged_out_search_trafficsource,
    countries: site.countries,
    region_data: Object.fromEntries(site.countries.map((country) => [country, regionsOf(country, extra.locale)])),
    minimum_message_costs: site.minimum_message_costs,
    geoip_country: extra.geoipCountry,
    geoip_selected_country: geoipSelected,
    push_pub: extra.pushPublicKey,
    fictional_icon: site.fictional_icon,
    visible_profile_fields: site.visible_profile_fields,
    visible_profile_notes: site.visible_profile_notes,
    search_fields: site.search_fields,
    cdn_prefix: site.cdn_prefix,
    member_resell: site.member_resell,
    company: site.company,
  };
}
