import { accountEndpoint } from '~/server/http/endpoints/account';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(accountEndpoint);
