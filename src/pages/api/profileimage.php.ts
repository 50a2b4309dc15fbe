import { profileImageEndpoint } from '~/server/http/endpoints/profile-image';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(profileImageEndpoint);
