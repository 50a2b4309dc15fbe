import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SearchFilters } from '~/shared/contracts/search';
import { readSimilarPages } from '~/shared/search-url';
import { $similar, loadMoreSimilar, resetSimilar, startSimilar } from '../../stores/similar';
import { SkeletonCards } from './ProfileCard';
import { ResultsGrid, type GridOptions } from './ResultsGrid';

/**
 * docs/product.md §2 similar results below the main results, shown (mounted) once their last page
 * is: a wider search (age ±5 years, any region, neighbour country). They start again for new
 * filters and are forgotten when the main results grow or change. "Show more" pages are counted in
 * the URL (`similar=<n>`), so a reload or Back restores them.
 */
export function SimilarResults({ filters, options }: { filters: SearchFilters; options: GridOptions }) {
  const similar = useStore($similar);
  const { t } = options;
  const filterKey = JSON.stringify(filters);
  useEffect(() => {
    // A reload or Back shows as many pages as before (the URL's `similar` count).
    void startSimilar(JSON.parse(filterKey) as SearchFilters, readSimilarPages(new URL(window.location.href)));
    return () => resetSimilar();
  }, [filterKey]);

  if (similar.status === 'idle' || (similar.status === 'ready' && similar.profiles.length === 0)) return null;
  return (
    <section className="similar-results" aria-labelledby="similar-title" data-testid="similar-results">
      <h2 id="similar-title">{t('search.similar_title')}</h2>
      <p className="muted">{t('search.similar_text')}</p>
      {similar.status === 'error' && similar.profiles.length === 0 ? (
        <p role="alert">
          {t('search.error_title')}{' '}
          <button type="button" className="btn btn-link" onClick={() => void startSimilar(filters)}>
            {t('common.retry')}
          </button>
        </p>
      ) : similar.profiles.length === 0 ? (
        <ul className="member-grid" aria-busy="true">
          <SkeletonCards count={4} />
        </ul>
      ) : (
        <ResultsGrid
          items={similar.profiles.map((profile) => ({ kind: 'profile', profile }))}
          options={options}
          label={t('search.similar_title')}
        />
      )}
      {similar.page < similar.numPages && (
        <div className="scroll-more">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={similar.status === 'loading'}
            onClick={() => void loadMoreSimilar(filters)}
          >
            {t('search.show_more')}
          </button>
        </div>
      )}
    </section>
  );
}
