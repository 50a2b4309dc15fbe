import { activateEndpoint } from '~/server/http/endpoints/activate';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(activateEndpoint);
