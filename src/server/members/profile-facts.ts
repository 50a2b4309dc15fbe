import type { PublicProfile } from '~/shared/contracts/profile';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { countryName } from '../geo';
import { regionsOf } from '../geo';

/**
 * The fact chips of a profile page in the viewer's locale: gender, city,
 * region, country and language (never the date of birth or exact location).
 */
export function profileFacts(profile: PublicProfile, locale: Locale, t: (key: string) => string): string[] {
  const region =
    profile.country && profile.countryregion
      ? regionsOf(profile.country, locale).find((r) => r.id === profile.countryregion)?.name
      : undefined;
  return [
    profile.gender ? t(`gender.${profile.gender}`) : null,
    profile.city,
    region,
    profile.country ? countryName(profile.country, locale) : null,
    LOCALE_TAGS[profile.language].label,
  ].filter((fact): fact is string => !!fact);
}
