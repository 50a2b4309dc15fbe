import { isStaticPage } from '~/shared/static-pages';
import { getAppContext } from '~/server/app';
import { getPrerenderedStore } from '~/server/static/store';
import { enterLander } from '../lander-entry';
import { serveLander, serveStaticPage } from '../serve-prerendered';
import type { PageRequest } from './page-request';

/**
 * `/landers/{design}/` (docs/product.md §2, §12): the lander entry link's 302 to the lander of the
 * visitor's locale and the site's niche or an experiment's variant; null for an unknown design (404).
 */
export async function loadLanderEntry(page: PageRequest): Promise<Response | null> {
  return enterLander(await getAppContext(), {
    site: page.locals.site,
    design: page.params.design ?? '',
    request: page.request,
    secureCookies: page.locals.secureCookies,
  });
}

/** `/landers/{design}/{slug}`: the request site's pre-rendered lander; null when there is none (404). */
export async function loadLander(page: PageRequest): Promise<Response | null> {
  return serveLander(getPrerenderedStore(), {
    site: page.locals.site,
    design: page.params.design ?? '',
    slug: page.params.slug ?? '',
    request: page.request,
    secureCookies: page.locals.secureCookies,
  });
}

/**
 * `/pages/{page}` (docs/product.md §2): the pre-rendered page of the request's site in the
 * request's locale, at one URL for all locales; null for an unknown page (404).
 */
export async function loadStaticPage(page: PageRequest): Promise<Response | null> {
  const name = page.params.page;
  if (!isStaticPage(name)) return null;
  return serveStaticPage(getPrerenderedStore(), { site: page.locals.site, page: name, request: page.request });
}
