import type { z } from 'zod';
import type { AdminContract } from '~/shared/contracts/admin/define';
import { ApiError, sendOperation } from './api';

/**
 * Calls an operator operation from a console island (docs/product.md §13) through the member API's
 * transport (`sendOperation`, src/client/api.ts): the required headers (`package-name` of the
 * console's site, `original-host`), JSON body, path parameters filled in (`:id`). The operator
 * cookie (path `/admin`) goes along by itself. A `not_logged_in` answer sends the page to the
 * console's log-in, back here afterwards.
 * @throws ApiError for non-2xx answers (code and message from the body) and network failures.
 */
export async function callAdmin<C extends AdminContract>(
  contract: C,
  input: { query?: z.input<C['query']>; body?: z.input<C['body']>; params?: Record<string, string | number> } = {},
): Promise<z.output<C['response']>> {
  try {
    return (await sendOperation(
      { method: contract.method, path: contract.path },
      {
        ...input,
        packageName: document.documentElement.dataset.packageName ?? '',
        networkMessage: 'The server could not be reached. Check the connection and try again.',
      },
    )) as z.output<C['response']>;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'not_logged_in') {
      window.location.assign(
        `/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    throw error;
  }
}
