import { dataExportEndpoint } from '~/server/http/endpoints/data-export';
import { apiRoute } from '~/server/http/route';

export const ALL = apiRoute(dataExportEndpoint);
