import { ERROR_MESSAGE_KEY, ERROR_STATUS, type ApiErrorBody, type ApiIssue, type ErrorCode } from '~/shared/errors';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** A JSON response (no-store: API answers carry member data). */
export function jsonResponse(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { ...JSON_HEADERS, ...headers } });
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
