import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { SearchFilters } from '~/shared/contracts/search';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import { SEARCH_SOURCES } from '~/shared/search-url';
import { searchCallParams } from './search';
import * as routes from '~/shared/contracts/routes';

/**
 * docs/product.md §2 similar results, shown below the main results once their last page
 * is on screen: the server widens the age range by 5 years each way, ignores
 * the region and adds the neighbour country (`similarpage`). Pages append.
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

/** Starts the similar results for `filters` (no-op when they are already loaded or loading). */
export function startSimilar(filters: SearchFilters): Promise<void> {
  const key = JSON.stringify(filters);
  if ($similar.get().key === key && $similar.get().status !== 'error') return Promise.resolve();
  $similar.set({ status: 'loading', profiles: [], page: 0, numPages: 0, key });
  return loadSimilarPage(filters, 1);
}

/** Appends the next page of similar results. */
export function loadMoreSimilar(filters: SearchFilters): Promise<void> {
  const state = $similar.get();
  if (state.status === 'loading' || state.page >= state.numPages) return Promise.resolve();
  return loadSimilarPage(filters, state.page + 1);
}

/** Forgets the similar results (filters changed, or the main results are not at their end). */
export function resetSimilar(): void {
  controller?.abort();
  $similar.set({ status: 'idle', profiles: [], page: 0, numPages: 0, key: '' });
}

async function loadSimilarPage(filters: SearchFilters, page: number): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const key = JSON.stringify(filters);
  $similar.set({ ...$similar.get(), status: 'loading' });
  try {
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
    $similar.set({
      status: 'ready',
      profiles: page === 1 ? response.profiles : [...before.profiles, ...response.profiles],
      page,
      numPages: response.paging.num_pages,
      key,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    console.warn('similar results failed', error);
    $similar.set({ ...$similar.get(), status: 'error' });
  }
}
