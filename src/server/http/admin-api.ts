import type { AppContext } from '../context';
import type { Operation } from './api';
import { runOperations } from './pipeline';

export { isAdminAddressAllowed } from './pipeline';

/**
 * Runs one call of the operator API (`/admin/api/*`, docs/product.md §13 Access) through the one
 * operation pipeline (src/server/http/pipeline.ts): the operator operations are `operator`
 * contracts, so ADMIN_ALLOWED_IPS, the operator cookie and the roles are steps of that pipeline.
 */
export function handleAdminApi(
  operations: readonly Operation[],
  request: Request,
  ctx: AppContext,
  clientAddress: string,
): Promise<Response> {
  return runOperations(operations, request, ctx, clientAddress);
}
