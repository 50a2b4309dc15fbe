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

/** Plain-English text of a failed console call (the console is not translated). */
export function adminErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Try again.';
  const byCode: Partial<Record<ApiError['code'], string>> = {
    network: 'The server could not be reached. Check the connection and try again.',
    forbidden: 'Your role does not allow this.',
    not_found: 'Not found: it may have been removed meanwhile.',
    rate_limited: 'Too many attempts. Wait a few minutes and try again.',
    invalid_credentials: 'The e-mail address or password is not correct.',
    invalid_code: 'That code is not valid. Enter the current code from your authenticator app.',
    validation_failed: error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ') || 'Check the form.',
    conflict: 'This cannot be done in its current state.',
    invalid_token: 'This setup link is not valid (already used?). Ask an admin for a new one.',
    expired_token: 'This setup link has expired. Ask an admin for a new one.',
  };
  return byCode[error.code] ?? 'Something went wrong on the server. Try again.';
}
