import { notificationsEndpoint } from '~/server/http/endpoints/notifications';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(notificationsEndpoint);
