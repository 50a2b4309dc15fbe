import { logoutEndpoint } from '~/server/http/endpoints/logout';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(logoutEndpoint);
