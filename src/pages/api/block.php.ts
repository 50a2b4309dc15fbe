import { blockEndpoint } from '~/server/http/endpoints/safety';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(blockEndpoint);
