import { devEndpoint } from '~/server/http/endpoints/dev';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(devEndpoint);
