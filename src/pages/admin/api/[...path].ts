import { operatorApiRoute } from '~/server/http/route';

/** The operator API (docs/product.md §13): every `/admin/api/*` call, any method, through the one operation pipeline. */
export const ALL = operatorApiRoute;
