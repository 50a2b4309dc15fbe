/**
 * The `route` label of the HTTP request series (docs/architecture.md §5 Metrics): a route's
 * NAME, never its URL, so a label never holds a member id, a token or a slug and the number of
 * series stays bounded by the number of routes. The Astro middleware names each request it sees
 * by its route pattern (`/members/[memberId]`, `/api/chat.php`); the production server names
 * what never reaches the app (`static`) or matched no route (`unmatched`).
 */

/** The route names the landers' patterns (`/landers/[design]/[slug]`, `/landers/[design]`) share. */
const LANDER_ROUTE = 'lander';

/**
 * The label of a request Astro matched to `routePattern` (Astro's `context.routePattern`, e.g.
 * `/members/[memberId]`): the pattern itself, or `lander` for the lander pages. A pattern holds
 * only the route file's path with its parameters in brackets, never a request's values.
 */
export function routeNameOf(routePattern: string): string {
  if (routePattern === '/landers' || routePattern.startsWith('/landers/')) return LANDER_ROUTE;
  return routePattern || '/';
}
