import { stringifySetCookie } from 'cookie';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../shared/constants';
import { isLocale } from '../../shared/locales';
import { isSecureRequest } from '../http/cookies';
import { safeNextPath } from '../../shared/rules/safe-next';

/**
 * The language switcher's target (docs/product.md §1, §9): a known `locale` is stored in
 * the `i18n_redirected` cookie for 365 days; the answer is a 303 to `next`
 * (a path on this site only, else `/`). An unknown locale changes nothing.
 */
export function switchLanguage(request: Request): Response {
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale');
  const headers = new Headers({ location: safeNextPath(url.searchParams.get('next'), '/'), 'cache-control': 'no-store' });
  if (isLocale(locale)) {
    headers.append('set-cookie', stringifySetCookie({ name: LOCALE_COOKIE, value: locale, maxAge: LOCALE_COOKIE_MAX_AGE_S, path: '/', sameSite: 'lax', secure: isSecureRequest(url) }));
  }
  return new Response(null, { status: 303, headers });
}
