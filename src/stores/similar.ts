import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { SearchFilters } from '~/shared/contracts/search';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import { SEARCH_SOURCES, SIMILAR_PAGES_MAX, SIMILAR_PAGES_PARAM } from '~/shared/search-url';
import { searchCallParams } from './search';
import * as routes from '~/shared/contracts/routes';

/**
 * docs/product.md §2 similar results, shown below the main results once their last page
 * is on screen: the server widens the age range by 5 years each way, ignores
 * the region and adds the neighbour country (`similarpage`). Pages append; how many are shown is
 * kept in the page URL (`similar=<n>`, SIMILAR_PAGES_PARAM), so a reload or Back restores them.
 */
export interface SimilarState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  profiles: PublicProfile[];
  page: number;
  numPages: number;
  /** The filters these results belong to (JSON), so a filter change starts over. */
  key: string;
}

export const $similar = atom<SimilarState>({ status: 'idle', profiles: [], page: 0, numPages: 0, key: '' });
let controller: AbortController | null = null;

/**
 * Starts the similar results for `filters` with its first `pages` pages (the URL's `similar`
 * count, at most SIMILAR_PAGES_MAX and never beyond the last page); a no-op when they are
 * already loaded or loading.
 */
export function startSimilar(filters: SearchFilters, pages = 1): Promise<void> {
  const key = JSON.stringify(filters);
  if ($similar.get().key === key && $similar.get().status !== 'error') return Promise.resolve();
  $similar.set({ status: 'loading', profiles: [], page: 0, numPages: 0, key });
  return loadSimilarPages(filters, 1, Math.min(SIMILAR_PAGES_MAX, Math.max(1, pages)));
}

/** Appends the next page of similar results ("Show more"); the URL's count follows. */
export function loadMoreSimilar(filters: SearchFilters): Promise<void> {
  const state = $similar.get();
  if (state.status === 'loading' || state.page >= state.numPages) return Promise.resolve();
  return loadSimilarPages(filters, state.page + 1, state.page + 1);
}

/** Forgets the similar results (filters changed, or the main results are not at their end). */
export function resetSimilar(): void {
  controller?.abort();
  $similar.set({ status: 'idle', profiles: [], page: 0, numPages: 0, key: '' });
}

/**
 * Writes how many similar pages are shown into the page URL (none for one page), without a
 * history entry: like a scroll position, it belongs to the search's own entry.
 */
function writeSimilarUrl(pages: number): void {
  const url = new URL(window.location.href);
  if (pages > 1) url.searchParams.set(SIMILAR_PAGES_PARAM, String(pages));
  else url.searchParams.delete(SIMILAR_PAGES_PARAM);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/** Loads pages `from`..`to` one after the other (stopping at the last page), appending each. */
async function loadSimilarPages(filters: SearchFilters, from: number, to: number): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const key = JSON.stringify(filters);
  $similar.set({ ...$similar.get(), status: 'loading' });
  try {
    for (let page = from; page <= to; page++) {
      const response = await callApi(routes.search, {
        query: {
          ...filters,
          similarpage: page,
          pp: SEARCH_PAGE_SIZE,
          ...searchCallParams(SEARCH_SOURCES.similar),
          manual_search: '1',
          do_not_save: '1',
        },
        signal: current.signal,
      });
      const before = $similar.get();
      const numPages = response.paging.num_pages;
      const last = page >= to || page >= numPages;
      $similar.set({
        status: last ? 'ready' : 'loading',
        profiles: page === 1 ? response.profiles : [...before.profiles, ...response.profiles],
        page,
        numPages,
        key,
      });
      if (last) break;
    }
    writeSimilarUrl($similar.get().page);
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    console.warn('similar results failed', error);
    $similar.set({ ...$similar.get(), status: 'error' });
  }
}
