import Negotiator from 'negotiator';
import { LOCALE_COOKIE } from '~/shared/constants';
import { CONSOLE_LOCALES, DEFAULT_CONSOLE_LOCALE, isConsoleLocale, type ConsoleLocale } from '~/shared/console-i18n';
import { readCookies } from './cookies';

/**
 * The operator console's language for a request (docs/product.md §13 Console language): the
 * language switch's `i18n_redirected` cookie when it names a console locale (en, de, nl), else the
 * browser's Accept-Language among them, else English. The site's domain language plays no part:
 * one console serves every site.
 */
export function consoleLocaleOf(request: Request): ConsoleLocale {
  const cookie = readCookies(request)[LOCALE_COOKIE];
  if (isConsoleLocale(cookie)) return cookie;
  const acceptLanguage = request.headers.get('accept-language');
  if (acceptLanguage) {
    const negotiator = new Negotiator({ headers: { 'accept-language': acceptLanguage } });
    const found = negotiator.languages([...CONSOLE_LOCALES]).find((language) => isConsoleLocale(language));
    if (isConsoleLocale(found)) return found;
  }
  return DEFAULT_CONSOLE_LOCALE;
}
