import { getAppContext } from '~/server/app';
import { handleAdminApi } from '~/server/http/admin-api';
import { adminOperations } from '~/server/http/admin/all-operations';
import { clientAddressOf, type AddressedRoute } from '~/server/http/client-address';

/** The operator API (docs/product.md §13): every `/admin/api/*` call, any method. */
export const ALL = async (route: AddressedRoute): Promise<Response> => {
  const ctx = await getAppContext();
  return handleAdminApi(adminOperations, route.request, ctx, clientAddressOf(route, ctx.config.trustedProxies));
};
