import { parseTrackingCookie, TRACKING_COOKIE } from '../../shared/contracts/tracking';
import { trackingFromSearchParams } from '../../shared/landers/tracking-params';
import { areSignupsAllowed, isLoggedOutSearchVisible } from '../../shared/rules/site-rules';
import { readCookies } from '../http/cookies';
import type { SiteConfig } from './site-config';

/** What a request may do on a site: sign up, and see the member search. */
export interface VisitorAccess {
  /** Signups are open to this visitor (join buttons and signup forms show). */
  canSignUp: boolean;
  /** The member search is open (always for a member; for a visitor per the site's logged-out search). */
  canSearch: boolean;
}

/**
 * The visitor's traffic source: the URL's `network` / `trafficsource`, else the
 * network of the tracking record a lander left in the `amora_tracking` cookie.
 */
export function requestTrafficSource(request: Request, url: URL = new URL(request.url)): string | null {
  const fromUrl = trackingFromSearchParams(url.searchParams)?.network;
  return fromUrl ?? parseTrackingCookie(readCookies(request)[TRACKING_COOKIE])?.network ?? null;
}

/**
 * The one rule for "can this visitor sign up / search" on a site: signups per
 * the site's `signups` mode, search for members or per `logged_out_search`
 * (and its traffic-source variant), both judged on the traffic source given.
 */
export function accessFor(site: SiteConfig, loggedIn: boolean, trafficsource: string | null | undefined): VisitorAccess {
  return {
    canSignUp: areSignupsAllowed(site.signups, trafficsource),
    canSearch: loggedIn || isLoggedOutSearchVisible(site, trafficsource),
  };
}

/** accessFor with the traffic source read from the request (URL, then tracking cookie). */
export function requestAccess(site: SiteConfig, request: Request, loggedIn: boolean): VisitorAccess {
  return accessFor(site, loggedIn, requestTrafficSource(request));
}
