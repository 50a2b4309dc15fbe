import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SearchCams } from '~/shared/cam-query';
import type { SearchFilters } from '~/shared/contracts/search';
import type { FirstSearchPage } from '~/shared/search-url';
import {
  $searchFilters,
  $searchPage,
  $searchResults,
  primeSearch,
  readySearchResults,
  type SearchResults,
} from '../../stores/search';
import { $cams, primeCams } from '../../stores/webcams';

/**
 * The search list's filters, page and results (docs/product.md §2 /members), starting from the
 * first page the server rendered when there is one (`first`): in the browser the store is
 * primed with it before the first render, so hydration shows the same cards and no first
 * `GET /api/search.php` is made; on the server (where stores are shared by every request and
 * never set) the values come from `first` itself. Without `first` it is the store as it is.
 */
export function useSearchState(first: FirstSearchPage | null): {
  filters: SearchFilters;
  page: number;
  results: SearchResults;
} {
  const isServer = typeof window === 'undefined';
  // Runs once, before the stores are read below.
  useState(() => {
    if (first && !isServer) primeSearch(first);
  });
  const filters = useStore($searchFilters);
  const page = useStore($searchPage);
  const results = useStore($searchResults);
  if (isServer && first) {
    return {
      filters: first.response.filter_options,
      page: first.page,
      results: readySearchResults(first.response, first.page),
    };
  }
  return { filters, page, results };
}

/**
 * The cams beside the results, starting like useSearchState from what the server rendered
 * (`first`, the first page's cams): the browser primes the cams store with them before its first
 * read, so hydration shows the same cam cards and no first cam search is made; the server uses
 * `first` itself. Without `first` it is the store as it is.
 */
export function useSearchCams(first: SearchCams | null): SearchCams {
  const isServer = typeof window === 'undefined';
  useState(() => {
    if (first && !isServer) primeCams(first);
  });
  const cams = useStore($cams);
  return isServer && first ? first : cams;
}
