import { discountCodeEndpoint } from '~/server/http/endpoints/payments';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(discountCodeEndpoint);
