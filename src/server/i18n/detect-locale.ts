import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '~/shared/locales';

/**
 * docs/product.md §1 locale detection without URL prefix: the `i18n_redirected` cookie,
 * then the browser languages (Accept-Language), then the site's
 * `domain_language`, then English.
 */
export function detectLocale(input: {
  cookie: string | undefined;
  acceptLanguage: string | null;
  domainLanguage: string | undefined;
}): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  if (input.acceptLanguage) {
    const negotiator = new Negotiator({ headers: { 'accept-language': input.acceptLanguage } });
    // Negotiator matches "nl-BE" to "nl" and honours q-values.
    const preferred = negotiator.languages([...LOCALES]);
    const found = preferred.find((language) => isLocale(language));
    if (found && isLocale(found)) return found;
  }
  if (isLocale(input.domainLanguage)) return input.domainLanguage;
  return DEFAULT_LOCALE;
}
