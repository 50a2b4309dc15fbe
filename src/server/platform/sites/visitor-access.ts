import { areSignupsAllowed, isLoggedOutSearchVisible } from '~/shared/rules/site-rules';
import type { SiteConfig } from './site-config';

/** What a request may do on a site: sign up, and see the member search. */
export interface VisitorAccess {
  /** Signups are open to this visitor (join buttons and signup forms show). */
  canSignUp: boolean;
  /** The member search is open (always for a member; for a visitor per the site's logged-out search). */
  canSearch: boolean;
}

/**
 * The one rule for "can this visitor sign up / search" on a site (docs/product.md §5):
 * signups per the site's `signups` mode, search for members or per `logged_out_search`
 * (and its traffic-source variant), both judged on the traffic source given
 * (`trafficSourceOf()` in `src/shared/tracking.ts`; `requestAccess()` in
 * `src/server/http/visitor-access.ts` reads it from a request).
 */
export function accessFor(
  site: SiteConfig,
  loggedIn: boolean,
  trafficsource: string | null | undefined,
): VisitorAccess {
  return {
    canSignUp: areSignupsAllowed(site.signups, trafficsource),
    canSearch: loggedIn || isLoggedOutSearchVisible(site, trafficsource),
  };
}
