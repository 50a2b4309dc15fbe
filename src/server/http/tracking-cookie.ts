/**
 * Reading and writing the `amora_tracking` cookie on the server (docs/product.md §3);
 * the record's rules (fields, parsing, lifetime) are `src/shared/tracking.ts`.
 */
import {
  mergeTracking,
  parseTrackingCookie,
  TRACKING_COOKIE,
  TRACKING_MAX_AGE_S,
  trackingCookieValue,
  trackingFromSearchParams,
  type TrackingRecordValue,
} from '~/shared/tracking';
import { CONSENT_COOKIE, mayPersist, parseConsent } from '~/shared/consent';
import type { SiteConfig } from '../platform/sites/site-config';
import { preferenceCookie, readCookies } from './cookies';

/**
 * Whether this request's visitor lets the site keep non-essential cookies (docs/product.md §3
 * Consent): the site does not ask (`consent_required` off), or the `amora_consent` cookie says
 * `granted`. Without it the tracking record travels only in the visit's URLs.
 */
export function mayPersistFor(site: Pick<SiteConfig, 'consent_required'>, request: Request): boolean {
  return mayPersist(site.consent_required, parseConsent(readCookies(request)[CONSENT_COOKIE]));
}

/** The tracking record a lander left in the request's cookie, or null. */
export function readTrackingCookie(request: Request): TrackingRecordValue | null {
  return parseTrackingCookie(readCookies(request)[TRACKING_COOKIE]);
}

/**
 * Set-Cookie that stores a tracking record (first-party, 30 days, SameSite=Lax,
 * readable by the lander script so it can also keep a copy in local storage).
 */
export function trackingSetCookie(secure: boolean, record: TrackingRecordValue): string {
  return preferenceCookie(secure, TRACKING_COOKIE, trackingCookieValue(record), TRACKING_MAX_AGE_S);
}

/**
 * The tracking record a URL carries (lander, /landers/{design}/, /signup,
 * /match-finder, /members), merged with the one the request's cookie holds (`mergeTracking`:
 * a new click replaces it, a lander or variant alone updates it), and the Set-Cookie that keeps
 * it — null when the visitor has not consented on a site that asks (docs/product.md §3 Consent:
 * the record then lives only in the visit's URLs); null when the URL carries none. `secure`:
 * secureCookies() of the request.
 */
export function trackingFromUrl(
  url: URL,
  request: Request,
  site: Pick<SiteConfig, 'consent_required'>,
  secure: boolean,
): { record: TrackingRecordValue; setCookie: string | null } | null {
  const fromUrl = trackingFromSearchParams(url.searchParams);
  const record = fromUrl && mergeTracking(fromUrl, readTrackingCookie(request));
  if (!record) return null;
  return { record, setCookie: mayPersistFor(site, request) ? trackingSetCookie(secure, record) : null };
}

/**
 * The tracking record a signup brings (docs/product.md §3): the one of the signup page's query
 * (`query`, sent in the payload, so it arrives without any cookie) merged over the cookie's.
 */
export function signupTracking(request: Request, query: string): TrackingRecordValue | null {
  return mergeTracking(trackingFromSearchParams(new URLSearchParams(query)), readTrackingCookie(request));
}
