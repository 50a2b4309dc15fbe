import { validateEmailEndpoint } from '~/server/http/endpoints/validate-email';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(validateEmailEndpoint);
