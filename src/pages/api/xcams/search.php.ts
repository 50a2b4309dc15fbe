import { xcamsSearchEndpoint } from '~/server/http/endpoints/xcams';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(xcamsSearchEndpoint);
