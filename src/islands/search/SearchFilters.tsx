import { useEffect, useId, useState } from 'react';
import type { SearchFilters as Filters } from '../../shared/contracts/search';
import { AGE_BUCKETS, GENDERS } from '../../shared/constants';
import { loadSettings } from '../../stores/settings';
import type { useT } from '../shell/use-t';

interface Props {
  filters: Filters;
  countries: { code: string; name: string }[];
  t: ReturnType<typeof useT>;
  onChange: (filters: Filters) => void;
}

function bucketOf(filters: Filters): string {
  const match = AGE_BUCKETS.find((b) => b.min === filters.min_age && b.max === filters.max_age);
  return match?.id ?? 'all';
}

/** Search filters (SPEC §3): gender, country, region (needs a country), age bucket (SPEC §9). */
export function SearchFilters({ filters, countries, t, onChange }: Props) {
  const id = useId();
  const [regions, setRegions] = useState<{ id: string; name: string }[]>([]);

  useEffect(() => {
    if (!filters.country) {
      setRegions([]);
      return;
    }
    let active = true;
    loadSettings()
      .then((settings) => active && setRegions(settings.region_data[filters.country ?? ''] ?? []))
      .catch((error: unknown) => console.error('region list failed', error));
    return () => {
      active = false;
    };
  }, [filters.country]);

  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });

  return (
    <form className="filters" aria-label={t('search.filters')} onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-gender`}>{t('search.gender')}</label>
        <select
          id={`${id}-gender`}
          className="select"
          value={filters.gender ?? ''}
          onChange={(e) => set({ gender: (e.target.value || undefined) as Filters['gender'] })}
        >
          <option value="">{t('search.gender_all')}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`gender.${gender}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-age`}>{t('search.age')}</label>
        <select
          id={`${id}-age`}
          className="select"
          value={bucketOf(filters)}
          onChange={(e) => {
            const bucket = AGE_BUCKETS.find((b) => b.id === e.target.value) ?? AGE_BUCKETS[0];
            set({ min_age: bucket.min, max_age: bucket.max });
          }}
        >
          {AGE_BUCKETS.map((bucket) => (
            <option key={bucket.id} value={bucket.id}>
              {t(`search.age_bucket.${bucket.id}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-country`}>{t('search.country')}</label>
        <select
          id={`${id}-country`}
          className="select"
          value={filters.country ?? ''}
          onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}
        >
          <option value="">{t('search.country_all')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-region`}>{t('search.region')}</label>
        <select
          id={`${id}-region`}
          className="select"
          value={filters.countryregion ?? ''}
          disabled={!filters.country}
          onChange={(e) => set({ countryregion: e.target.value || undefined })}
        >
          <option value="">{filters.country ? t('search.region_all') : t('search.region_needs_country')}</option>
          {regions.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
