import { getAppContext } from '../app';
import type { AppContext } from '../context';
import { handleApi, type Operation } from './api';
import { memberOperations, operatorOperations } from './all-operations';
import { clientAddressOf, type AddressedRoute } from './client-address';
import { runOperations } from './pipeline';

/** An Astro route's context as the API routes use it (`locals` is absent when a test calls the route). */
export interface OperationRoute extends AddressedRoute {
  locals?: { metricsRoute?: string };
}

/**
 * Astro `ALL` handler over `operations` (both catch-all routes of the APIs use it through
 * `memberApiRoute` / `operatorApiRoute`). Names the request's metrics route after the matched
 * contract's path (`/api/settings.php`) when it has no `:id`, so the series stay per operation path
 * and never hold an id.
 */
export function apiRoute(operations: readonly Operation[]) {
  return async (route: OperationRoute): Promise<Response> => {
    const ctx = await getAppContext();
    const pathname = new URL(route.request.url).pathname.replace(/\/$/, '');
    if (route.locals && operations.some((op) => op.contract.path === pathname)) route.locals.metricsRoute = pathname;
    return runOperations(operations, route.request, ctx, clientAddressOf(route, ctx.config.trustedProxies));
  };
}

/** The member API (`/api/*` paths of the contracts; `src/pages/api/[...path].ts`). */
export const memberApiRoute = apiRoute(memberOperations);

/** The operator API (`/admin/api/*`; `src/pages/admin/api/[...path].ts`). */
export const operatorApiRoute = apiRoute(operatorOperations);

/**
 * Runs one API call of an Astro route on `ctx`: the client address is resolved behind
 * TRUST_PROXY's proxies (`clientAddressOf`), then `handleApi` answers.
 */
export function handleApiRoute(
  operations: readonly Operation[],
  route: AddressedRoute,
  ctx: AppContext,
): Promise<Response> {
  return handleApi(operations, route.request, ctx, {
    clientAddress: clientAddressOf(route, ctx.config.trustedProxies),
  });
}
