import {
  isLanderDesign,
  landerPageSlug,
  landerSlug,
  parseLanderPageSlug,
  type Niche,
} from '~/shared/landers/lander-slug';
import type { Locale } from '~/shared/locales';
import type { StaticPage } from '~/shared/static-pages';
import type { SiteConfig } from '../platform/sites/site-config';
import type { PrerenderedFile, PrerenderedStore } from '../static/prerendered-store';

/** Where the build puts a site's pre-rendered lander. */
export function landerFilePath(site: SiteConfig, design: string, slug: string): string {
  return `sites/${site.package_name}/landers/${design}/${slug}/index.html`;
}

/** Where the build puts a site's pre-rendered static page in a locale (docs/product.md §2 /pages/*). */
export function staticPageFilePath(site: SiteConfig, page: StaticPage, locale: Locale): string {
  return `sites/${site.package_name}/pages/${page}/${locale}/index.html`;
}

/**
 * The site's pre-rendered lander `/landers/{design}/{slug}` (docs/product.md §2), or the page of one
 * of its experiments' copy variants, `/landers/{design}/{slug}--{copy}` (§12).
 * Null when design or slug is unknown (the store is not asked) or the build lacks it.
 */
export async function findLanderFile(
  store: PrerenderedStore,
  site: SiteConfig,
  design: string,
  slug: string,
): Promise<PrerenderedFile | null> {
  if (!isLanderDesign(design) || !parseLanderPageSlug(slug)) return null;
  return store.read(landerFilePath(site, design, slug));
}

/**
 * Where `/landers/{design}/` leads (docs/product.md §2): the lander in `locale`
 * and the site's niche, as a path without query, with an experiment's copy variant (§12) if given.
 * Null for an unknown design.
 */
export function landerPathFor(site: SiteConfig, design: string, locale: Locale, copy?: string | null): string | null {
  if (!isLanderDesign(design)) return null;
  return `/landers/${design}/${landerPageSlug(landerSlug(locale, site.niche as Niche), copy)}`;
}

/** The site's pre-rendered static page in `locale` (docs/product.md §2 /pages/*), or null when the build has none. */
export function findStaticPageFile(
  store: PrerenderedStore,
  site: SiteConfig,
  page: StaticPage,
  locale: Locale,
): Promise<PrerenderedFile | null> {
  return store.read(staticPageFilePath(site, page, locale));
}
