import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import type { Locale } from '../../shared/locales';

for (const data of [en, nl, de, it, fr, es, pl]) countries.registerLocale(data);

/** Country name of an ISO 3166-1 alpha-2 code in a locale; the code itself when unknown. */
export function countryName(code: string, locale: Locale): string {
  return countries.getName(code, locale, { select: 'official' }) ?? code;
}

/** `{ code, name }` for each code, sorted by the localized name. */
export function countryOptions(codes: string[], locale: Locale): { code: string; name: string }[] {
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
