import { trackingFromSearchParams, trafficSourceOf } from '~/shared/tracking';
import type { SiteConfig } from '../platform/sites/site-config';
import { accessFor, type VisitorAccess } from '../platform/sites/visitor-access';
import { readTrackingCookie } from './tracking-cookie';

/**
 * The visitor's traffic source: the URL's `network` / `trafficsource`, else the
 * network of the tracking record a lander left in the `amora_tracking` cookie.
 */
export function requestTrafficSource(request: Request, url: URL = new URL(request.url)): string | null {
  return trafficSourceOf(trackingFromSearchParams(url.searchParams), readTrackingCookie(request));
}

/** `accessFor()` (docs/product.md §5) with the traffic source read from the request (URL, then tracking cookie). */
export function requestAccess(site: SiteConfig, request: Request, loggedIn: boolean): VisitorAccess {
  return accessFor(site, loggedIn, requestTrafficSource(request));
}
