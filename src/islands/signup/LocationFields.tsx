import { useEffect, useState } from 'react';
import { CITY_MAX_LENGTH } from '~/shared/constants';
import { loadSettings } from '../../stores/settings';
import { SelectField } from '../shell/SelectField';
import { TextField } from '../shell/TextField';
import type { useT } from '../shell/use-t';

export interface LocationValue {
  country: string;
  region: string;
  city: string;
}

interface Props {
  t: ReturnType<typeof useT>;
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  countries: { code: string; name: string }[];
  /** Message keys by field (`country`, `countryregion`, `city`). */
  errors?: Record<string, string>;
}

/**
 * Country, optional region (of the chosen country) and optional city, as the signup wizard
 * (step 3) and /profile ask for them (docs/product.md §5 Location). Changing the country clears
 * the region.
 */
export function LocationFields({ t, value, onChange, countries, errors = {} }: Props) {
  const [regions, setRegions] = useState<{ id: string; name: string }[]>([]);
  const { country, region, city } = value;

  useEffect(() => {
    if (!country) return setRegions([]);
    loadSettings()
      .then((settings) => setRegions(settings.region_data[country] ?? []))
      .catch((failure: unknown) => console.warn('regions failed', failure));
  }, [country]);

  const errorOf = (path: string) => (errors[path] ? t(errors[path], { count: CITY_MAX_LENGTH }) : null);
  return (
    <>
      <SelectField
        label={t('search.country')}
        value={country}
        onChange={(next) => onChange({ ...value, country: next, region: '' })}
        error={errorOf('country')}
        options={[
          { value: '', label: t('wizard.choose_country') },
          ...countries.map((c) => ({ value: c.code, label: c.name })),
        ]}
      />
      <SelectField
        label={`${t('search.region')} ${t('wizard.optional')}`}
        value={region}
        disabled={!country}
        onChange={(next) => onChange({ ...value, region: next })}
        error={errorOf('countryregion')}
        options={[
          { value: '', label: country ? t('wizard.choose_region') : t('search.region_needs_country') },
          ...regions.map((r) => ({ value: r.id, label: r.name })),
        ]}
      />
      <TextField
        label={`${t('wizard.city')} ${t('wizard.optional')}`}
        name="city"
        maxLength={CITY_MAX_LENGTH}
        value={city}
        onChange={(e) => onChange({ ...value, city: e.target.value })}
        autoComplete="address-level2"
        error={errorOf('city')}
      />
    </>
  );
}
