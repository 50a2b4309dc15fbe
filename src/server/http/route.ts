import { getAppContext } from '../app';
import type { AppContext } from '../context';
import { handleApi, type Operation } from './api';
import { clientAddressOf, type AddressedRoute } from './client-address';

/**
 * Turns an endpoint's operations into an Astro `ALL` route handler, so a file
 * in `src/pages/api/` is one line.
 */
export function apiRoute(operations: Operation[]) {
  return async (route: AddressedRoute): Promise<Response> => handleApiRoute(operations, route, await getAppContext());
}

/**
 * Runs one API call of an Astro route on `ctx`: the client address is resolved behind
 * TRUST_PROXY's proxies (`clientAddressOf`), then `handleApi` answers.
 */
export function handleApiRoute(operations: Operation[], route: AddressedRoute, ctx: AppContext): Promise<Response> {
  return handleApi(operations, route.request, ctx, {
    clientAddress: clientAddressOf(route, ctx.config.trustedProxies),
  });
}
