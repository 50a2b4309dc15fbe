import { errorResponse } from '~/server/http/responses';

/**
 * Any `/api/*` path no endpoint file serves, with any method: the API's JSON
 * `404 { error: { code: 'not_found' } }` instead of the HTML error page.
 */
export const ALL = (_context: { request: Request; clientAddress: string }): Response => errorResponse('not_found');
