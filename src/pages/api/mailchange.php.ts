import { emailChangeEndpoint } from '~/server/http/endpoints/email-change';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(emailChangeEndpoint);
