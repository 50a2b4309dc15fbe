import { getConfig } from '../config';
import { countryName } from '../geo/country-names';
import { loadSites } from '../sites/load-sites';
import type { SiteConfig } from '../sites/site-config';
import type { Locale } from '~/shared/locales';
import type { PagePlaceholder } from '~/shared/static-pages';

let sites: SiteConfig[] | null = null;

/** Every configured site (`SITES_DIR`): the build pre-renders landers and pages for each. */
export function sitesToPrerender(): SiteConfig[] {
  sites ??= loadSites(getConfig().sitesDir).all;
  return sites;
}

/** The values of a static page's placeholders for a site in a locale (docs/product.md §3 company fields). */
export function pagePlaceholderValues(site: SiteConfig, locale: Locale): Record<PagePlaceholder, string> {
  const { company } = site;
  return {
    site: site.name,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: countryName(company.country, locale),
    company_kvk: company.kvk,
    company_vat_numbers: company.vat_numbers.join(', '),
    company_tradenames: company.tradenames.join(', '),
    support_phone: company.support_phone,
    delete_discount: String(company.delete_discount),
  };
}
