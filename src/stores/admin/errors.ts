import type { ConsoleText } from '~/shared/console-i18n';

/**
 * What the console shows for a failed operator call (docs/product.md §13): a console message key
 * (locales/console, group `errors`) by the error's code, or by the server's refusal key when the
 * console has a precise text for it (`admin.report_resolved`, …). Errors are read by shape
 * (`code`, `message`, `issues` of the client's ApiError), so any thrown value is accepted.
 */
interface Failure {
  code?: unknown;
  message?: unknown;
  issues?: unknown;
}

const BY_CODE: Record<string, string> = {
  network: 'errors.network',
  forbidden: 'errors.forbidden',
  not_found: 'errors.not_found',
  rate_limited: 'errors.rate_limited',
  invalid_credentials: 'errors.invalid_credentials',
  invalid_code: 'errors.invalid_code',
  conflict: 'errors.conflict',
  invalid_token: 'errors.invalid_token',
  expired_token: 'errors.expired_token',
};

/** The server's refusal keys (the error's message) the console words precisely. */
const REFUSALS: Record<string, string> = {
  'admin.report_resolved': 'errors.report_resolved',
  'admin.report_not_found': 'errors.report_not_found',
  'admin.member_not_found': 'errors.member_not_found',
  'admin.member_deleted': 'errors.member_deleted',
  'admin.member_banned': 'errors.member_banned',
  'admin.member_not_restricted': 'errors.member_not_restricted',
  'admin.photo_not_found': 'errors.photo_not_found',
};

const asFailure = (error: unknown): Failure => (typeof error === 'object' && error !== null ? error : {});

/** The error code of a failed console call (`conflict`, `rate_limited`, `network`, …), or null. */
export function failureCode(error: unknown): string | null {
  const code = asFailure(error).code;
  return typeof code === 'string' ? code : null;
}

/** Whether a failure says the report was resolved already (it then leaves the queue). */
export function isResolvedElsewhere(error: unknown): boolean {
  return asFailure(error).message === 'admin.report_resolved';
}

/** The text of a failed console call: a precise refusal, the code's text, the form's issues, or "something went wrong". */
export function adminFailure(error: unknown): ConsoleText {
  const failure = asFailure(error);
  const refusal = typeof failure.message === 'string' ? REFUSALS[failure.message] : undefined;
  if (refusal) return { key: refusal };
  const code = failureCode(error);
  if (code === null) return { key: 'errors.unknown' };
  if (code === 'validation_failed') {
    const issues = Array.isArray(failure.issues) ? (failure.issues as { path?: unknown; message?: unknown }[]) : [];
    const list = issues.map((issue) => `${String(issue.path)}: ${String(issue.message)}`).join('; ');
    return list ? { key: 'errors.validation_failed', values: { issues: list } } : { key: 'errors.check_form' };
  }
  return { key: BY_CODE[code] ?? 'errors.server' };
}
