import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SEARCH_PAGE_SIZE } from '../../shared/constants';
import { LOCALE_TAGS, type Locale } from '../../shared/locales';
import {
  $searchFilters,
  $searchPage,
  $searchResults,
  goToSearchPage,
  loadSearch,
  restoreSearchFromUrl,
  setSearchFilters,
  startSearch,
} from '../../stores/search';
import { useT } from '../shell/use-t';
import { ProfileCard, SkeletonCards } from './ProfileCard';
import { SearchFilters } from './SearchFilters';

interface Props {
  locale: Locale;
  cdnPrefix: string;
  countries: { code: string; name: string }[];
}

/** The members search list (SPEC §2 /members): filters, 12 cards per page, paging in `?page=`. */
export default function SearchPage({ locale, cdnPrefix, countries }: Props) {
  const t = useT(locale);
  const filters = useStore($searchFilters);
  const page = useStore($searchPage);
  const results = useStore($searchResults);
  const [now, setNow] = useState(0);

  useEffect(() => {
    setNow(Date.now());
    void startSearch(new URL(window.location.href));
    const onPop = () => void restoreSearchFromUrl(new URL(window.location.href));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const countryNames = new Map(countries.map((c) => [c.code, c.name]));
  const isLoading = results.status === 'loading' || results.status === 'idle';
  const changePage = (next: number) => {
    void goToSearchPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby="search-title">
      <div className="search-head">
        <h1 id="search-title">{t('search.title')}</h1>
        <p className="search-count" aria-live="polite">
          {results.status === 'ready' ? t('search.count', { count: results.numResults }) : '\u00a0'}
        </p>
      </div>
      <SearchFilters filters={filters} countries={countries} t={t} onChange={(next) => void setSearchFilters(next)} />

      {results.status === 'error' ? (
        <div className="state-panel" role="alert">
          <h2>{t('search.error_title')}</h2>
          <p>{t('search.error_text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void loadSearch()}>
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
      ) : (
        <ul className="member-grid" aria-busy={isLoading} aria-label={t('search.results')}>
          {isLoading && results.profiles.length === 0 ? (
            <SkeletonCards count={SEARCH_PAGE_SIZE} />
          ) : (
            results.profiles.map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                cdnPrefix={cdnPrefix}
                countryName={profile.country ? countryNames.get(profile.country) : undefined}
                onlineLabel={t('member.online')}
                now={now}
                locale={locale}
                languageLabel={LOCALE_TAGS[profile.language].label}
              />
            ))
          )}
        </ul>
      )}

      {results.numPages > 1 && results.status !== 'error' && (
        <nav className="pagination" aria-label={t('search.pagination')}>
          <button type="button" className="btn btn-secondary" disabled={page <= 1 || isLoading} onClick={() => changePage(page - 1)}>
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
    </section>
  );
}
