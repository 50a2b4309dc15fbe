import { stringifySetCookie } from 'cookie';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, CONSENTED_COOKIES, parseConsent } from '~/shared/consent';
import { safeNextPath } from '~/shared/rules/safe-next';
import { mergeTracking, trackingFromSearchParams } from '~/shared/tracking';
import type { SiteConfig } from '../platform/sites/site-config';
import { isOriginAllowed } from './allowed-origin';
import { preferenceCookie } from './cookies';
import { readTrackingCookie, trackingSetCookie } from './tracking-cookie';

/**
 * `POST /consent` (form field `choice`: `granted` or `denied`), the consent choice of the footer on
 * landers and app pages (docs/product.md §3 Consent); a plain form, so it works without JavaScript
 * and costs the landers' script nothing. Stores the choice for 180 days (essential: it is what
 * keeps us from asking again) and goes back (303) to the page it came from (the same-origin
 * `Referer`'s path and query, else `/`). Accepting also keeps that page's tracking record as
 * the lander would have; declining removes the tracking and experiment cookies.
 * `secure`: secureCookies() of the request. A cross-site request answers 403, a missing or unknown choice 400; neither changes anything.
 */
export async function chooseConsent(request: Request, site: SiteConfig, secure: boolean): Promise<Response> {
  const url = new URL(request.url);
  if (!isOriginAllowed(request, url, site)) return new Response('Forbidden', { status: 403 });
  let choice = null;
  try {
    choice = parseConsent(String((await request.formData()).get('choice') ?? ''));
  } catch {
    // Not a form: no choice.
  }
  if (!choice) return new Response('Bad request: choice must be granted or denied', { status: 400 });
  const back = backPath(request, url, site);
  const headers = new Headers({ location: back, 'cache-control': 'no-store' });
  headers.append('set-cookie', preferenceCookie(secure, CONSENT_COOKIE, choice, CONSENT_MAX_AGE_S));
  if (choice === 'granted') {
    const from = new URL(back, url);
    const record = mergeTracking(trackingFromSearchParams(from.searchParams), readTrackingCookie(request));
    if (record) headers.append('set-cookie', trackingSetCookie(secure, record));
  } else {
    for (const name of CONSENTED_COOKIES)
      headers.append(
        'set-cookie',
        stringifySetCookie({ name, value: '', sameSite: 'lax', secure, path: '/', maxAge: 0 }),
      );
  }
  return new Response(null, { status: 303, headers });
}

/** The path and query of a `Referer` on this host or one of the site's hosts, else `/`. */
function backPath(request: Request, url: URL, site: SiteConfig): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    if (referer.host !== url.host && !site.hosts.includes(referer.hostname.toLowerCase())) return '/';
    return safeNextPath(`${referer.pathname}${referer.search}`, '/');
  } catch {
    return '/';
  }
}
