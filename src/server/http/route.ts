import { getAppContext } from '../app';
import { handleApi, type Operation } from './api';

/** The slice of Astro's APIContext this adapter needs (kept structural: no astro import here). */
interface RouteContext {
  request: Request;
  clientAddress: string;
}

/**
 * Turns an endpoint's operations into an Astro `ALL` route handler, so a file
 * in `src/pages/api/` is one line.
 */
export function apiRoute(operations: Operation[]) {
  return async ({ request, clientAddress }: RouteContext): Promise<Response> => {
    const ctx = await getAppContext();
    let address = 'unknown';
    try {
      address = clientAddress;
    } catch {
      // Astro throws when the adapter cannot tell the address (e.g. prerendering).
    }
    return handleApi(operations, request, ctx, { clientAddress: address });
  };
}
