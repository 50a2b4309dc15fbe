import { profileFieldsEndpoint } from '~/server/http/endpoints/profile-fields';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(profileFieldsEndpoint);
