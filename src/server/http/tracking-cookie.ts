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
import { preferenceCookie, readCookies } from './cookies';

/** The tracking record a lander left in the request's cookie, or null. */
export function readTrackingCookie(request: Request): TrackingRecordValue | null {
  return parseTrackingCookie(readCookies(request)[TRACKING_COOKIE]);
}

/**
 * Set-Cookie that stores a tracking record (first-party, 30 days, SameSite=Lax,
 * readable by the lander script so it can also keep a copy in local storage).
 */
export function trackingSetCookie(url: URL, record: TrackingRecordValue): string {
  return preferenceCookie(url, TRACKING_COOKIE, trackingCookieValue(record), TRACKING_MAX_AGE_S);
}

/**
 * The tracking record a URL carries (lander, /landers/{design}/, /signup,
 * /match-finder, /members), merged with the one the request's cookie holds (`mergeTracking`:
 * a new click replaces it, a lander or variant alone updates it), and the Set-Cookie that keeps
 * it; null when the URL carries none.
 */
export function trackingFromUrl(
  url: URL,
  request?: Request,
): { record: TrackingRecordValue; setCookie: string } | null {
  const fromUrl = trackingFromSearchParams(url.searchParams);
  const record = fromUrl && mergeTracking(fromUrl, request ? readTrackingCookie(request) : null);
  return record ? { record, setCookie: trackingSetCookie(url, record) } : null;
}
