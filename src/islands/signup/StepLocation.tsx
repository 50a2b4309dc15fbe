import { useEffect, useState } from 'react';
import type { User } from '~/shared/contracts/profile';
import { goToStep, prefillLocation } from '../../stores/signup';
import type { useT } from '../shell/use-t';
import { LocationFields } from './LocationFields';

interface Props {
  t: ReturnType<typeof useT>;
  user: User | null;
  countries: { code: string; name: string }[];
}

/**
 * Step 3: country, optional region and city; empty fields are prefilled from the browser position,
 * else the country from the visitor's IP address (`prefillLocation`, docs/product.md §2, §4).
 */
export function StepLocation({ t, user, countries }: Props) {
  const [country, setCountry] = useState(user?.profile.country ?? '');
  const [region, setRegion] = useState(user?.profile.countryregion ?? '');
  const [city, setCity] = useState(user?.profile.city ?? '');
  const [locating, setLocating] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void prefillLocation(countries.map((c) => c.code)).then((place) => {
      if (!active) return;
      setLocating(false);
      if (place) {
        setCountry((current) => current || place.country);
        setRegion((current) => current || (place.countryregion ?? ''));
        setCity((current) => current || place.city);
      }
    });
    return () => {
      active = false;
    };
  }, [countries]);

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
      <LocationFields
        t={t}
        countries={countries}
        value={{ country, region, city }}
        onChange={(next) => {
          setCountry(next.country);
          setRegion(next.region);
          setCity(next.city);
        }}
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
