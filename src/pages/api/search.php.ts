import { searchEndpoint } from '~/server/http/endpoints/search';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(searchEndpoint);
