import { geocodeEndpoint } from '~/server/http/endpoints/geocode';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(geocodeEndpoint);
