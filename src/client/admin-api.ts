import type { z } from 'zod';
import type { AdminContract } from '~/shared/contracts/admin/define';
import { ApiError } from './api';

/**
 * Calls an operator operation from a console island (docs/product.md §13): the member API's
 * required headers (`package-name` of the console's site, `original-host`), JSON body, path
 * parameters filled in (`:id`). The operator cookie (path `/admin`) goes along by itself.
 * @throws ApiError for non-2xx answers (code and message from the body) and network failures.
 */
export async function callAdmin<C extends AdminContract>(
  contract: C,
  input: { query?: z.input<C['query']>; body?: z.input<C['body']>; params?: Record<string, string | number> } = {},
): Promise<z.output<C['response']>> {
  const path = contract.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(input.params?.[name])));
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    'package-name': document.documentElement.dataset.packageName ?? '',
    'original-host': window.location.host,
    accept: 'application/json',
  };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: contract.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check the connection and try again.');
  }
  const json = (await response.json().catch(() => null)) as {
    error?: { code: ApiError['code']; message: string; issues?: ApiError['issues'] };
  } | null;
  if (!response.ok) {
    if (response.status === 403 && json?.error?.code === 'not_logged_in') {
      window.location.assign(
        `/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    throw new ApiError(
      response.status,
      json?.error?.code ?? 'internal',
      json?.error?.message ?? 'errors.internal',
      json?.error?.issues,
    );
  }
  return json as z.output<C['response']>;
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
