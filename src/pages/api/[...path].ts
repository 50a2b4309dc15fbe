import { memberApiRoute } from '~/server/http/route';

/**
 * The member API (docs/architecture.md, "Operations"): every `/api/*` call, any method, dispatched
 * by the contracts' paths (`/api/xyz.php`) through the one operation pipeline. A path no contract
 * has answers the API's JSON `404 { error: { code: 'not_found' } }` instead of the HTML error page.
 * Routes that are no operation (the event stream, the payment webhook, partner redirects,
 * internal/) stay files of their own, which Astro prefers to this one.
 */
export const ALL = memberApiRoute;
