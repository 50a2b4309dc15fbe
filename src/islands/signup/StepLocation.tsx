import { useEffect, useState } from 'react';
import type { User } from '~/shared/contracts/profile';
import { goToStep, locateMember } from '../../stores/signup';
import { loadSettings } from '../../stores/settings';
import { SelectField } from '../shell/SelectField';
import { TextField } from '../shell/TextField';
import type { useT } from '../shell/use-t';

interface Props {
  t: ReturnType<typeof useT>;
  user: User | null;
  countries: { code: string; name: string }[];
}

/** Step 3: country, optional region and city; geolocation prefills them (docs/product.md §2, §4). */
export function StepLocation({ t, user, countries }: Props) {
  const [country, setCountry] = useState(user?.profile.country ?? '');
  const [region, setRegion] = useState(user?.profile.countryregion ?? '');
  const [city, setCity] = useState(user?.profile.city ?? '');
  const [regions, setRegions] = useState<{ id: string; name: string }[]>([]);
  const [locating, setLocating] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void locateMember().then((place) => {
      if (!active) return;
      setLocating(false);
      if (place && countries.some((c) => c.code === place.country)) {
        setCountry((current) => current || place.country);
        setRegion((current) => current || (place.countryregion ?? ''));
        setCity((current) => current || place.city);
      }
    });
    return () => {
      active = false;
    };
  }, [countries]);

  useEffect(() => {
    if (!country) return setRegions([]);
    loadSettings()
      .then((settings) => setRegions(settings.region_data[country] ?? []))
      .catch((failure: unknown) => console.warn('regions failed', failure));
  }, [country]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await goToStep(4, { country, countryregion: region || null, city: city.trim() || null });
    } catch (failure) {
      console.warn('saving the location failed', failure);
      setError('errors.internal');
      setBusy(false);
    }
  };

  return (
    <div className="wizard-step" data-testid="step-3">
      <h1>{t('wizard.location_title')}</h1>
      <p className="muted" aria-live="polite">
        {locating ? t('wizard.locating') : t('wizard.location_text')}
      </p>
      <SelectField
        label={t('search.country')}
        value={country}
        onChange={(value) => {
          setCountry(value);
          setRegion('');
        }}
        options={[
          { value: '', label: t('wizard.choose_country') },
          ...countries.map((c) => ({ value: c.code, label: c.name })),
        ]}
      />
      <SelectField
        label={`${t('search.region')} ${t('wizard.optional')}`}
        value={region}
        disabled={!country}
        onChange={setRegion}
        options={[
          { value: '', label: country ? t('wizard.choose_region') : t('search.region_needs_country') },
          ...regions.map((r) => ({ value: r.id, label: r.name })),
        ]}
      />
      <TextField
        label={`${t('wizard.city')} ${t('wizard.optional')}`}
        name="city"
        maxLength={255}
        value={city}
        onChange={(e) => setCity(e.target.value)}
        autoComplete="address-level2"
      />
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={save} disabled={!country || busy}>
        {t('wizard.save_location')}
      </button>
    </div>
  );
}
