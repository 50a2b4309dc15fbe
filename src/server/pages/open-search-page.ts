import { camQueryOf, type SearchCams } from '~/shared/cam-query';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import { searchQuerySchema } from '~/shared/contracts/search';
import { readSearchUrl, type FirstSearchPage } from '~/shared/search-url';
import pTimeout from 'p-timeout';
import type { AppContext } from '../context';
import { searchByQuery } from '../members';
import type { SiteConfig } from '../platform/sites/site-config';
import { feedCams } from '../xcams';

export interface SearchPageInput {
  /** The page's URL: its filters and page are read as the search island reads them. */
  url: URL;
  /** The logged-in member (remembered filters, never in their own results); null for visitors. */
  viewerId: number | null;
  /** The site's countries, searched when no country filter is set. */
  countries: string[];
  /**
   * The visitor's country for an automatic first load without filters or remembered ones
   * (`searchDefaultCountry` of the client address); null or absent: none.
   */
  defaultCountry?: string | null;
}

/**
 * The first page of `/members` results for the HTML (docs/product.md §2 /members, §4 auto_load):
 * exactly the search the island's first call `GET /api/search.php?…&page&pp=12&auto_load=1`
 * would run — the URL's filters checked by the search contract, a member's remembered filters
 * when the URL has none (else the visitor's `defaultCountry`), the site's countries, the viewer
 * and blocked members left out.
 * The caller has already checked that the visitor may search (docs/product.md §5).
 *
 * Returns null when the URL's filters or page do not pass the contract (the island then makes
 * the call itself and shows the API's answer, its error state) or when the search fails (logged
 * as `search page prerender failed`); it never throws, so the page still renders.
 */
export async function openSearchPage(ctx: AppContext, input: SearchPageInput): Promise<FirstSearchPage | null> {
  const { filters, page } = readSearchUrl(input.url);
  // The query as the browser would send it: every value a string, empty ones left out.
  const sent: Record<string, string> = { page: String(page), pp: String(SEARCH_PAGE_SIZE), auto_load: '1' };
  for (const [key, value] of Object.entries(filters)) sent[key] = String(value);
  const query = searchQuerySchema.safeParse(sent);
  if (!query.success) return null;
  try {
    const response = await searchByQuery(
      ctx,
      query.data,
      input.viewerId,
      input.countries,
      input.defaultCountry ?? null,
    );
    return { page: query.data.page, response };
  } catch (error) {
    ctx.log.warn('search page prerender failed', { error });
    return null;
  }
}

/** How long the page waits for the cam feed (ms) before it renders without cams; the island then asks. */
export const PAGE_CAMS_WAIT_MS = 200;

/**
 * The cams beside the first page of `/members` results for a member who may see them
 * (`webcamsEligible`, canSeeWebcams, which the page asks beside the search), docs/product.md §6
 * webcam cards: so the cam cards are in the HTML instead of pushed into the grid once the page has
 * shown (a layout shift). The same cams as the island's `GET /api/xcams/search.php` for the first
 * page's filters. Null when not eligible, without a first page, or when the feed answers later
 * than PAGE_CAMS_WAIT_MS (the island then loads them). A failing feed gives no cams (logged by
 * feedCams). Never throws.
 */
export async function openSearchCams(
  ctx: AppContext,
  site: SiteConfig,
  webcamsEligible: boolean,
  first: FirstSearchPage | null,
): Promise<SearchCams | null> {
  if (!webcamsEligible || first === null) return null;
  const { query, key } = camQueryOf(first.response.filter_options);
  const cams = await pTimeout(feedCams(ctx, site, query), { milliseconds: PAGE_CAMS_WAIT_MS, fallback: () => null });
  return cams ? { key, cams } : null;
}
