import { likesEndpoint } from '~/server/http/endpoints/likes';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(likesEndpoint);
