import { userEndpoint } from '~/server/http/endpoints/user';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(userEndpoint);
