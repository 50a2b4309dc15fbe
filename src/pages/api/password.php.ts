import { passwordEndpoint } from '~/server/http/endpoints/password';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(passwordEndpoint);
