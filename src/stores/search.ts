import { atom, map } from 'nanostores';
import { callApi } from '../client/api';
import { pageTrafficSource } from '../client/traffic-source';
import type { SearchFilters } from '~/shared/contracts/search';
import type { PublicProfile } from '~/shared/contracts/profile';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import {
  readSearchUrl,
  SEARCH_FILTER_KEYS,
  SEARCH_SOURCES,
  SIMILAR_PAGES_PARAM,
  type FirstSearchPage,
} from '~/shared/search-url';
import * as routes from '~/shared/contracts/routes';

export { readSearchUrl };

/**
 * Search list state (docs/product.md §2, §4): filters, the pages loaded (the last one kept
 * in the `page` query parameter) and their results. A filter change clears the
 * results and reloads from page 1. Pages come one at a time through the pager
 * (each one a history entry, so back/forward works) or are appended by
 * infinite scroll.
 */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SearchResults {
  status: SearchStatus;
  profiles: PublicProfile[];
  numResults: number;
  numPages: number;
  /** First and last page number of `profiles` (equal unless pages were appended). */
  firstPage: number;
  lastPage: number;
}

const EMPTY: SearchResults = { status: 'idle', profiles: [], numResults: 0, numPages: 0, firstPage: 1, lastPage: 1 };

export const $searchFilters = map<SearchFilters>({});
export const $searchPage = atom(1);
export const $searchResults = atom<SearchResults>(EMPTY);

let controller: AbortController | null = null;
/** The first (automatic) load happened, in the browser or on the server (primeSearch). */
let hasLoaded = false;
/** The store holds the server's first page and nothing was loaded since. */
let primed = false;

/** The shown results for one page of a search answer (`page` is both first and last page). */
export function readySearchResults(response: FirstSearchPage['response'], page: number): SearchResults {
  return {
    status: 'ready',
    profiles: response.profiles,
    numResults: response.paging.num_results,
    numPages: response.paging.num_pages,
    firstPage: page,
    lastPage: page,
  };
}

function writeSearchUrl(mode: 'push' | 'replace'): void {
  const current = new URL(window.location.href);
  const url = new URL(current);
  for (const key of [...SEARCH_FILTER_KEYS, 'page']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries($searchFilters.get())) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  if ($searchPage.get() > 1) url.searchParams.set('page', String($searchPage.get()));
  if (sameSearch(url, current)) return;
  // Other filters or another page of results start the similar results over: their count goes.
  url.searchParams.delete(SIMILAR_PAGES_PARAM);
  if (mode === 'push') window.history.pushState({ search: true }, '', url);
  else window.history.replaceState({ search: true }, '', url);
}

/** True when two `/members` URLs ask for the same filters and page (parameter order aside). */
function sameSearch(a: URL, b: URL): boolean {
  return [...SEARCH_FILTER_KEYS, 'page'].every((key) => a.searchParams.get(key) === b.searchParams.get(key));
}

/**
 * The parameters every search call of the `/members` page sends besides its filters and page
 * (docs/product.md §7): `source` (SEARCH_SOURCES) and the visitor's `trafficsource` when there is
 * one (page URL, else the lander's tracking cookie), which lets the server open logged-out search
 * to that visitor (docs/product.md §5) even when the cookie is not sent.
 */
export function searchCallParams(source: (typeof SEARCH_SOURCES)[keyof typeof SEARCH_SOURCES]): {
  source: string;
  trafficsource?: string;
} {
  const trafficsource = pageTrafficSource();
  return trafficsource ? { source, trafficsource } : { source };
}

/**
 * Loads the current filters and page; an earlier load still running is aborted.
 * `append` adds the page to the shown results (infinite scroll) instead of replacing them.
 */
async function loadSearch(append = false): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  primed = false;
  const isAutoLoad = !hasLoaded;
  $searchResults.set({ ...$searchResults.get(), status: 'loading' });
  try {
    const response = await callApi(routes.search, {
      query: {
        ...$searchFilters.get(),
        page: $searchPage.get(),
        pp: SEARCH_PAGE_SIZE,
        ...searchCallParams(SEARCH_SOURCES.members),
        ...(isAutoLoad ? { auto_load: '1' } : { manual_search: '1' }),
      },
      signal: current.signal,
    });
    hasLoaded = true;
    // docs/product.md §2: the automatic first load may use the member's remembered filters.
    if (isAutoLoad && JSON.stringify(response.filter_options) !== JSON.stringify($searchFilters.get())) {
      $searchFilters.set(response.filter_options);
      writeSearchUrl('replace');
    }
    const before = $searchResults.get();
    const page = $searchPage.get();
    const ready = readySearchResults(response, page);
    $searchResults.set(
      append
        ? {
            ...ready,
            profiles: [
              ...before.profiles,
              ...response.profiles.filter((p) => !before.profiles.some((b) => b.id === p.id)),
            ],
            firstPage: before.firstPage,
          }
        : ready,
    );
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    console.error('search failed', error);
    $searchResults.set({ ...$searchResults.get(), status: 'error' });
  }
}

/** Retries the last load after an error. */
export function retrySearch(): Promise<void> {
  const results = $searchResults.get();
  return loadSearch(results.profiles.length > 0 && $searchPage.get() > results.firstPage);
}

/**
 * Starts the store from the first page the server rendered (docs/product.md §4 auto_load ran
 * there), before the island's first render, so the island hydrates with the server's cards and
 * `startSearch` makes no call. Only the first call of a page load counts; later ones (and calls
 * after a load already happened) change nothing. Browser only: stores are shared by every
 * request on the server.
 */
export function primeSearch(first: FirstSearchPage): void {
  if (hasLoaded) return;
  hasLoaded = true;
  primed = true;
  $searchFilters.set(first.response.filter_options);
  $searchPage.set(first.page);
  $searchResults.set(readySearchResults(first.response, first.page));
}

/**
 * First automatic load (docs/product.md §4 auto_load) from the page URL. After `primeSearch`
 * (and until another load) nothing is loaded: only remembered filters the server applied are
 * written into the URL (without a history entry), as after a load in the browser.
 */
export function startSearch(url: URL): Promise<void> {
  if (primed) {
    if (JSON.stringify(readSearchUrl(url).filters) !== JSON.stringify($searchFilters.get())) writeSearchUrl('replace');
    return Promise.resolve();
  }
  const { filters, page } = readSearchUrl(url);
  $searchFilters.set(filters);
  $searchPage.set(page);
  $searchResults.set({ ...EMPTY, status: 'loading' });
  return loadSearch();
}

/** Applies new filters: clears the results and reloads page 1 (docs/product.md §4). */
export function setSearchFilters(filters: SearchFilters): Promise<void> {
  const cleaned = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  if (!cleaned.country) delete cleaned.countryregion;
  $searchFilters.set(cleaned as SearchFilters);
  $searchPage.set(1);
  $searchResults.set({ ...EMPTY, status: 'loading' });
  writeSearchUrl('push');
  return loadSearch();
}

/** Opens another page of results in place and records it in the history (browser back works). */
export function goToSearchPage(page: number): Promise<void> {
  $searchPage.set(Math.max(1, page));
  writeSearchUrl('push');
  return loadSearch();
}

/** Infinite scroll: appends the next page (the URL's page follows without a new history entry). */
export function loadNextSearchPage(): Promise<void> {
  const results = $searchResults.get();
  if (results.status !== 'ready' || results.lastPage >= results.numPages) return Promise.resolve();
  $searchPage.set(results.lastPage + 1);
  writeSearchUrl('replace');
  return loadSearch(true);
}

/** Restores filters and page after browser back/forward (a manual load: nothing remembered is applied). */
export function restoreSearchFromUrl(url: URL): Promise<void> {
  const { filters, page } = readSearchUrl(url);
  $searchFilters.set(filters);
  $searchPage.set(page);
  $searchResults.set({ ...$searchResults.get(), profiles: [], status: 'loading' });
  return loadSearch();
}
