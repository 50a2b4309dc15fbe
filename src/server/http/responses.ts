import { ERROR_MESSAGE_KEY, ERROR_STATUS, type ApiErrorBody, type ApiIssue, type ErrorCode } from '~/shared/errors';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * A JSON response (no-store: API answers carry member data). It states its Content-Length
 * (bytes), so the server's compression leaves answers under 1 KB as they are
 * (docs/architecture.md §3 Serving and compression).
 */
export function jsonResponse(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  const body = new TextEncoder().encode(JSON.stringify(data));
  return new Response(body, {
    status,
    headers: { ...JSON_HEADERS, 'content-length': String(body.byteLength), ...headers },
  });
}

/** `{ error: { code, message, issues? } }` with the status from the one code→status table. */
export function errorResponse(
  code: ErrorCode,
  message?: string,
  issues?: ApiIssue[],
  headers: HeadersInit = {},
): Response {
  const body: ApiErrorBody = {
    error: { code, message: message ?? ERROR_MESSAGE_KEY[code], ...(issues && issues.length > 0 ? { issues } : {}) },
  };
  return jsonResponse(body, ERROR_STATUS[code], headers);
}
