import { stringifySetCookie } from 'cookie';
import { TRACKING_COOKIE, type TrackingRecordValue } from '../../shared/contracts/tracking';
import { isSecureRequest } from '../http/cookies';

/** SPEC §3 Tracking record lifetime: 30 days (seconds). */
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
