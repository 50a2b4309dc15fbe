import type { PublicSettings } from '~/shared/contracts/settings';
import type { Locale } from '~/shared/locales';
import { regionDataOf } from '../geo';
import { visitorCountry } from '../geo';
import type { SiteConfig } from '../platform/sites/site-config';

/**
 * The settings the browser needs (docs/product.md §3 Settings), from a site config plus
 * per-request values: the client address (`clientAddressOf`, TRUST_PROXY applied) for
 * `geoip_country` and `geoip_selected_country` (`visitorCountry`: the looked-up country, or the
 * site's default for loopback, private and unknown addresses), the push key and the visitor's
 * locale for region names. The answer depends on the address: it must not be cached for others.
 */
export function toPublicSettings(
  site: SiteConfig,
  extra: { clientAddress: string; pushPublicKey: string | null; locale: Locale },
): PublicSettings {
  const visitor = visitorCountry(site, extra.clientAddress);
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
    region_data: regionDataOf(site.countries, extra.locale),
    minimum_message_costs: site.minimum_message_costs,
    geoip_country: visitor.country,
    geoip_selected_country: visitor.selected,
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
