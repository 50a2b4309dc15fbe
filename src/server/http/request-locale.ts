import { LOCALE_COOKIE } from '~/shared/constants';
import type { Locale } from '~/shared/locales';
import { detectLocale } from '../i18n/detect-locale';
import { readCookies } from './cookies';

/** The locale of a request (docs/product.md §1): its `i18n_redirected` cookie, Accept-Language, then the site's domain language. */
export function detectRequestLocale(request: Request, domainLanguage: string | undefined): Locale {
  return detectLocale({
    cookie: readCookies(request)[LOCALE_COOKIE],
    acceptLanguage: request.headers.get('accept-language'),
    domainLanguage,
  });
}
