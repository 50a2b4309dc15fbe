import { lazy, Suspense, useEffect, useState } from 'react';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import type { SearchCams } from '~/shared/cam-query';
import type { Locale } from '~/shared/locales';
import type { FirstSearchPage } from '~/shared/search-url';
import {
  goToSearchPage,
  loadNextSearchPage,
  restoreSearchFromUrl,
  retrySearch,
  setSearchFilters,
  startSearch,
} from '../../stores/search';
import { loadCams, withCamCards } from '../../stores/webcams';
import { useT } from '../shell/use-t';
import { SkeletonCards } from './ProfileCard';
import { ResultsGrid, type GridOptions } from './ResultsGrid';
import { ScrollMore } from './ScrollMore';
import { SearchFilters } from './SearchFilters';
import { useMediaQuery } from './use-media-query';
import { useSearchCams, useSearchState } from './use-search-state';

/**
 * The similar results (docs/product.md §2) show only below the last page of results, so their code
 * loads when that page is reached, not with the page (docs/architecture.md §3).
 */
const SimilarResults = lazy(() => import('./SimilarResults').then((module) => ({ default: module.SimilarResults })));

/**
 * Cards whose photo loads first (`fetchpriority="high"`, not lazy): the first row at 1280 px
 * (4 columns) and the first two rows on a phone (2 columns), what is above the fold.
 */
const PRIORITY_CARDS = 4;

interface Props {
  locale: Locale;
  cdnPrefix: string;
  countries: { code: string; name: string }[];
  isLoggedIn: boolean;
  /** docs/product.md §6: the member may see webcam cards (decided on the server). */
  webcamsEligible: boolean;
  /** The site shows similar results (features.similar_results). */
  similarEnabled: boolean;
  chatsAvailable: boolean;
  /** The first page the server searched for this URL (docs/product.md §4 auto_load); null → the island loads it. */
  first?: FirstSearchPage | null;
  /** The cams the server found for that first page (webcamsEligible only); null → the island loads them. */
  firstCams?: SearchCams | null;
}

/**
 * The members search list (docs/product.md §2 /members): filters, 12 cards per page with
 * like/message/visit actions, webcam cards for eligible members, similar
 * results after the last page. Phones scroll infinitely; wider screens page
 * with a pager (each page a history entry). With `first` the first page is in the server's HTML
 * and hydrates without a search call; later pages and filter changes load through the store.
 */
export default function SearchPage({
  locale,
  cdnPrefix,
  countries,
  isLoggedIn,
  webcamsEligible,
  similarEnabled,
  chatsAvailable,
  first = null,
  firstCams = null,
}: Props) {
  const t = useT(locale);
  const { filters, page, results } = useSearchState(first);
  const cams = useSearchCams(firstCams);
  const infinite = useMediaQuery('(max-width: 767px)');
  // The server's cards are on screen before React has taken them over: `data-hydrated` says when
  // the filters and pager answer (browser tests wait for it; a change made earlier can be lost).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void startSearch(new URL(window.location.href));
    const onPop = () => void restoreSearchFromUrl(new URL(window.location.href));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (webcamsEligible && results.status === 'ready') void loadCams(filters);
  }, [webcamsEligible, results.status, filters]);

  const options: GridOptions = {
    locale,
    cdnPrefix,
    countryNames: new Map(countries.map((c) => [c.code, c.name])),
    isLoggedIn,
    withActions: true,
    chatsAvailable,
    t,
  };
  const isLoading = results.status === 'loading' || results.status === 'idle';
  const atEnd = results.status === 'ready' && results.lastPage >= results.numPages;
  const changePage = (next: number) => {
    void goToSearchPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const items = withCamCards(results.profiles, webcamsEligible ? cams.cams : [], results.firstPage - 1);

  return (
    <section aria-labelledby="search-title" data-hydrated={hydrated ? '' : undefined}>
      <div className="search-head">
        <h1 id="search-title">{t('search.title')}</h1>
        <p className="search-count" aria-live="polite">
          {results.status === 'ready' ? t('search.count', { count: results.numResults }) : '\u00a0'}
        </p>
      </div>
      <SearchFilters filters={filters} countries={countries} t={t} onChange={(next) => void setSearchFilters(next)} />

      {results.status === 'error' && results.profiles.length === 0 ? (
        <div className="state-panel" role="alert">
          <h2>{t('search.error_title')}</h2>
          <p>{t('search.error_text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void retrySearch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : results.status === 'ready' && results.profiles.length === 0 ? (
        <div className="state-panel">
          <h2>{t('search.empty_title')}</h2>
          <p>{t('search.empty_text')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void setSearchFilters({})}>
            {t('search.clear_filters')}
          </button>
        </div>
      ) : isLoading && results.profiles.length === 0 ? (
        <ul className="member-grid" aria-busy="true" aria-label={t('search.results')}>
          <SkeletonCards count={SEARCH_PAGE_SIZE} />
        </ul>
      ) : (
        <div aria-busy={isLoading}>
          <ResultsGrid items={items} options={options} label={t('search.results')} priorityCards={PRIORITY_CARDS} />
        </div>
      )}

      {results.status === 'error' && results.profiles.length > 0 && (
        <p className="inline-error" role="alert">
          {t('search.error_text')}{' '}
          <button type="button" className="btn btn-link" onClick={() => void retrySearch()}>
            {t('common.retry')}
          </button>
        </p>
      )}

      {infinite
        ? results.profiles.length > 0 &&
          results.lastPage < results.numPages &&
          results.status !== 'error' && (
            <ScrollMore onMore={() => void loadNextSearchPage()} disabled={isLoading} label={t('search.show_more')} />
          )
        : results.numPages > 1 &&
          results.status !== 'error' && (
            <nav className="pagination" aria-label={t('search.pagination')}>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page <= 1 || isLoading}
                onClick={() => changePage(page - 1)}
              >
                {t('search.previous')}
              </button>
              <span className="pagination-status">{t('search.page_of', { page, pages: results.numPages })}</span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page >= results.numPages || isLoading}
                onClick={() => changePage(page + 1)}
              >
                {t('search.next')}
              </button>
            </nav>
          )}

      {similarEnabled && hydrated && atEnd && (
        <Suspense fallback={null}>
          <SimilarResults filters={filters} options={options} />
        </Suspense>
      )}
    </section>
  );
}
