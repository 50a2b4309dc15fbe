import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { User } from '~/shared/contracts/profile';
import { $profileSections, saveProfileSection } from '../../stores/account-profile';
import { showToast } from '../../stores/toasts';
import type { useT } from '../shell/use-t';
import { LocationFields, type LocationValue } from '../signup/LocationFields';
import { SectionSave } from './SectionSave';

/** Country, region and city (docs/product.md §10 /profile, §5 Location); a country is required to save. */
export function ProfileLocationForm({
  t,
  user,
  countries,
}: {
  t: ReturnType<typeof useT>;
  user: User;
  countries: { code: string; name: string }[];
}) {
  const { errors } = useStore($profileSections).location;
  const [place, setPlace] = useState<LocationValue>({
    country: user.profile.country ?? '',
    region: user.profile.countryregion ?? '',
    city: user.profile.city ?? '',
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const update = {
      country: place.country || null,
      countryregion: place.region || null,
      city: place.city.trim() || null,
    };
    if (await saveProfileSection('location', update))
      showToast({ message: t('account_profile.saved'), kind: 'success' });
  };

  return (
    <section className="card account-section" aria-labelledby="profile-location-title" data-testid="profile-location">
      <h2 id="profile-location-title">{t('account_profile.location_title')}</h2>
      <p className="muted">{t('wizard.location_text')}</p>
      <form onSubmit={save} noValidate>
        <LocationFields t={t} value={place} onChange={setPlace} countries={countries} errors={errors} />
        <SectionSave t={t} section="location" />
      </form>
    </section>
  );
}
