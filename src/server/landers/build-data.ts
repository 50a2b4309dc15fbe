import { getConfig } from '../config';
import { countryName } from '../geo';
import { loadSites } from '../platform/sites/load-sites';
import type { SiteConfig } from '../platform/sites/site-config';
import { landerPageSlug, landerSlug, type LanderDesign, type Niche } from '~/shared/landers/lander-slug';
import { LOCALES, type Locale } from '~/shared/locales';
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

/**
 * The extra pages of a site's experiments' copy variants (docs/product.md §12): for each distinct
 * design and copy, the lander in every locale for the site's niche at `{slug}--{copy}`.
 */
export function copyVariantPages(
  site: SiteConfig,
): { design: LanderDesign; niche: Niche; locale: Locale; copy: string; slug: string }[] {
  const seen = new Set<string>();
  const pages = [];
  for (const variant of site.affiliates.experiments.flatMap((experiment) => experiment.variants)) {
    const key = `${variant.design}/${variant.copy}`;
    if (!variant.copy || seen.has(key)) continue;
    seen.add(key);
    for (const locale of LOCALES) {
      const niche = site.niche as Niche;
      pages.push({
        design: variant.design,
        niche,
        locale,
        copy: variant.copy,
        slug: landerPageSlug(landerSlug(locale, niche), variant.copy),
      });
    }
  }
  return pages;
}
