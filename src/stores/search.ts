import { atom, map } from 'nanostores';
import { callApi } from '../client/api';
import { searchContract, type SearchFilters } from '~/shared/contracts/search';
import type { PublicProfile } from '~/shared/contracts/profile';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';

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

const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
let controller: AbortController | null = null;
let hasLoaded = false;

/** Filters and page from a URL's query (unknown or bad values are ignored). */
export function readSearchUrl(url: URL): { filters: SearchFilters; page: number } {
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (!value) continue;
    filters[key] = key === 'min_age' || key === 'max_age' ? Number(value) : value;
  }
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1);
  return { filters: filters as SearchFilters, page };
}

function writeSearchUrl(mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  for (const key of [...FILTER_KEYS, 'page']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries($searchFilters.get())) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  if ($searchPage.get() > 1) url.searchParams.set('page', String($searchPage.get()));
  if (url.href === window.location.href) return;
  if (mode === 'push') window.history.pushState({ search: true }, '', url);
  else window.history.replaceState({ search: true }, '', url);
}

/**
 * Loads the current filters and page; an earlier load still running is aborted.
 * `append` adds the page to the shown results (infinite scroll) instead of replacing them.
 */
async function loadSearch(append = false): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const isAutoLoad = !hasLoaded;
  $searchResults.set({ ...$searchResults.get(), status: 'loading' });
  try {
    const response = await callApi(searchContract, {
      query: {
        ...$searchFilters.get(),
        page: $searchPage.get(),
        pp: SEARCH_PAGE_SIZE,
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
    $searchResults.set({
      status: 'ready',
      profiles: append
        ? [...before.profiles, ...response.profiles.filter((p) => !before.profiles.some((b) => b.id === p.id))]
        : response.profiles,
      numResults: response.paging.num_results,
      numPages: response.paging.num_pages,
      firstPage: append ? before.firstPage : page,
      lastPage: page,
    });
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

/** First automatic load (docs/product.md §4 auto_load) from the page URL. */
export function startSearch(url: URL): Promise<void> {
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
