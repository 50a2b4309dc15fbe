import { sessionsEndpoint } from '~/server/http/endpoints/sessions';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(sessionsEndpoint);
