import { profileEndpoint } from '~/server/http/endpoints/search';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(profileEndpoint);
