import { useEffect, useState } from 'react';
import type { SearchFilters as Filters } from '~/shared/contracts/search';
import { AGE_BUCKETS, GENDERS } from '~/shared/constants';
import { loadSettings } from '../../stores/settings';
import { SelectField } from '../shell/SelectField';
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

/** Search filters (docs/product.md §3): gender, country, region (needs a country), age bucket (docs/product.md §9). */
export function SearchFilters({ filters, countries, t, onChange }: Props) {
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
      <SelectField
        label={t('search.gender')}
        value={filters.gender ?? ''}
        onChange={(value) => set({ gender: (value || undefined) as Filters['gender'] })}
        options={[
          { value: '', label: t('search.gender_all') },
          ...GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) })),
        ]}
      />
      <SelectField
        label={t('search.age')}
        value={bucketOf(filters)}
        onChange={(value) => {
          const bucket = AGE_BUCKETS.find((b) => b.id === value) ?? AGE_BUCKETS[0];
          set({ min_age: bucket.min, max_age: bucket.max });
        }}
        options={AGE_BUCKETS.map((bucket) => ({ value: bucket.id, label: t(`search.age_bucket.${bucket.id}`) }))}
      />
      <SelectField
        label={t('search.country')}
        value={filters.country ?? ''}
        onChange={(value) => set({ country: value || undefined, countryregion: undefined })}
        options={[
          { value: '', label: t('search.country_all') },
          ...countries.map((c) => ({ value: c.code, label: c.name })),
        ]}
      />
      <SelectField
        label={t('search.region')}
        value={filters.countryregion ?? ''}
        disabled={!filters.country}
        onChange={(value) => set({ countryregion: value || undefined })}
        options={[
          { value: '', label: filters.country ? t('search.region_all') : t('search.region_needs_country') },
          ...regions.map((region) => ({ value: region.id, label: region.name })),
        ]}
      />
    </form>
  );
}
