import { loginEndpoint } from '~/server/http/endpoints/login';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(loginEndpoint);
