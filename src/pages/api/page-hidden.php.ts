import { pageHiddenEndpoint } from '~/server/http/endpoints/page-hidden';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(pageHiddenEndpoint);
