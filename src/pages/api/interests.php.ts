import { interestsEndpoint } from '~/server/http/endpoints/lookups';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(interestsEndpoint);
