import { stringifySetCookie } from 'cookie';
import { TRACKING_COOKIE, type TrackingRecordValue } from '../../shared/contracts/tracking';
import { trackingFromSearchParams } from '../../shared/landers/tracking-params';
import { isSecureRequest } from '../http/cookies';

/** docs/product.md §3 Tracking record lifetime: 30 days (seconds). */
export const TRACKING_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Set-Cookie that stores a tracking record (first-party, 30 days, SameSite=Lax,
 * readable by the lander script so it can also keep a copy in local storage).
 */
export function trackingSetCookie(url: URL, record: TrackingRecordValue): string {
  return stringifySetCookie({
    name: TRACKING_COOKIE,
    value: JSON.stringify(record),
    sameSite: 'lax',
    secure: isSecureRequest(url),
    path: '/',
    maxAge: TRACKING_MAX_AGE_S,
  });
}

/**
 * The tracking record a URL carries (lander, /landers/{design}/, /signup,
 * /match-finder) and the Set-Cookie that keeps it, or null when it carries none.
 */
export function trackingFromUrl(url: URL): { record: TrackingRecordValue; setCookie: string } | null {
  const record = trackingFromSearchParams(url.searchParams);
  return record ? { record, setCookie: trackingSetCookie(url, record) } : null;
}
