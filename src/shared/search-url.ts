import type { SearchFilters, SearchResponse } from './contracts/search';

/**
 * The `/members` page's query (docs/product.md §2 /members, §4 search): which filters and page
 * the URL asks for, read the same way by the search store in the browser and by the server
 * when it renders the first page of results into the HTML.
 */

/**
 * The `source` a search call names (docs/product.md §7 `GET /api/search.php`): the `/members`
 * results, or the similar results below them. The server accepts any short text and answers alike.
 */
export const SEARCH_SOURCES = { members: 'members', similar: 'similar' } as const;

/** The filter parameters of the `/members` URL, in the order the page writes them. */
export const SEARCH_FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

/**
 * Filters and page from a URL's query: only the keys of SEARCH_FILTER_KEYS with a non-empty
 * value (ages as numbers, possibly NaN: the search contract refuses those), and a page ≥ 1
 * (missing, negative or not a number → 1; fractions are cut). Values are not validated here.
 */
export function readSearchUrl(url: URL): { filters: SearchFilters; page: number } {
  const filters: Record<string, string | number> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (!value) continue;
    filters[key] = key === 'min_age' || key === 'max_age' ? Number(value) : value;
  }
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1);
  return { filters: filters as SearchFilters, page };
}

/**
 * The `/members` URL parameter holding how many pages of similar results are shown (docs/product.md
 * §2 similar results): written when "Show more" adds a page, so a reload or Back shows them again.
 */
export const SIMILAR_PAGES_PARAM = 'similar';

/** Most pages of similar results a URL restores at once (each is one search call). */
export const SIMILAR_PAGES_MAX = 10;

/** The number of similar pages a URL asks for: 1 to SIMILAR_PAGES_MAX (missing or not a number → 1). */
export function readSimilarPages(url: URL): number {
  const pages = Math.floor(Number(url.searchParams.get(SIMILAR_PAGES_PARAM) ?? '1'));
  return Number.isFinite(pages) ? Math.min(SIMILAR_PAGES_MAX, Math.max(1, pages)) : 1;
}

/**
 * The result of the page's automatic first search, run on the server while rendering
 * `/members` (docs/product.md §2, §4 auto_load): what `GET /api/search.php` would have answered
 * to the island's first call, and the page it asked for. The island starts from it instead
 * of calling the API.
 */
export interface FirstSearchPage {
  /** 1-based page number the URL asked for. */
  page: number;
  /** The answer of that search; `filter_options` are the filters it ran with (maybe remembered ones). */
  response: SearchResponse;
}
