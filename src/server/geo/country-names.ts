import { LOCALE_TAGS, type Locale } from '~/shared/locales';

const displayNames = new Map<Locale, Intl.DisplayNames>();

/**
 * Country name of an ISO 3166-1 alpha-2 code in a locale, the everyday name of
 * the Unicode CLDR data the runtime ships (`Intl.DisplayNames`): "United States",
 * "Czechia", "Niederlande". The one source of country names for cards, filters,
 * landers and static pages; the code itself when unknown or malformed.
 */
export function countryName(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAGS[locale].tag], { type: 'region' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // RangeError for a code that is not two letters.
    return code;
  }
}

/** `{ code, name }` for each code, sorted by the localized name. */
export function countryOptions(codes: string[], locale: Locale): { code: string; name: string }[] {
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
