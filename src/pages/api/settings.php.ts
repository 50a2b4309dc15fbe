import { settingsEndpoint } from '~/server/http/endpoints/settings';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(settingsEndpoint);
