import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '~/shared/constants';
import { languageSwitch } from '../i18n/switch-language';
import { preferenceCookie } from './cookies';

/**
 * `GET /language?locale=fr&next=/pages/terms` (docs/product.md §1, §9): a 303 to
 * `languageSwitch()`'s target, storing a known locale in the `i18n_redirected`
 * cookie for 365 days (`secure`: secureCookies() of the request).
 */
export function switchLanguage(request: Request, secure: boolean): Response {
  const url = new URL(request.url);
  const target = languageSwitch(url.searchParams.get('locale'), url.searchParams.get('next'));
  const headers = new Headers({ location: target.location, 'cache-control': 'no-store' });
  if (target.locale)
    headers.append('set-cookie', preferenceCookie(secure, LOCALE_COOKIE, target.locale, LOCALE_COOKIE_MAX_AGE_S));
  return new Response(null, { status: 303, headers });
}
