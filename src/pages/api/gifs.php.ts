import { gifsEndpoint } from '~/server/http/endpoints/chat';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(gifsEndpoint);
