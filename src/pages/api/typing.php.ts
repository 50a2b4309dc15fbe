import { typingEndpoint } from '~/server/http/endpoints/chat';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(typingEndpoint);
