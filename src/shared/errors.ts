/**
 * The one error-code union of the API and its code → HTTP status table
 * (docs/architecture.md §6 convention 4). Responses carry `{ error: { code, message, issues? } }`
 * where `message` is an i18n key the islands translate.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 422,
  unknown_parameter: 400,
  missing_package_name: 400,
  unknown_site: 400,
  forbidden_origin: 403,
  payload_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  not_logged_in: 403,
  forbidden: 403,
  invalid_code: 401,
  account_suspended: 403,
  account_banned: 403,
  conflict: 409,
  invalid_credentials: 401,
  account_exists: 409,
  account_deleted: 409,
  signups_closed: 403,
  search_not_allowed: 403,
  webcams_not_available: 403,
  blocked: 403,
  insufficient_credits: 402,
  payments_not_available: 403,
  method_not_available: 422,
  payment_provider_unavailable: 503,
  discount_not_found: 404,
  discount_expired: 410,
  discount_used: 409,
  premium_active: 409,
  not_found: 404,
  photo_limit_reached: 409,
  member_deleted: 410,
  invalid_token: 410,
  expired_token: 410,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default i18n message key per error code; handlers may send a more precise key. */
export const ERROR_MESSAGE_KEY: Record<ErrorCode, string> = {
  bad_request: 'errors.bad_request',
  invalid_json: 'errors.invalid_json',
  validation_failed: 'errors.validation_failed',
  unknown_parameter: 'errors.unknown_parameter',
  missing_package_name: 'errors.missing_package_name',
  unknown_site: 'errors.unknown_site',
  forbidden_origin: 'errors.forbidden_origin',
  payload_too_large: 'errors.payload_too_large',
  unsupported_media_type: 'errors.unsupported_media_type',
  method_not_allowed: 'errors.method_not_allowed',
  not_logged_in: 'errors.not_logged_in',
  forbidden: 'errors.forbidden',
  invalid_code: 'errors.invalid_code',
  account_suspended: 'login.account_suspended',
  account_banned: 'login.account_banned',
  conflict: 'errors.conflict',
  invalid_credentials: 'login.invalid_credentials',
  account_exists: 'signup.existing_account_active',
  account_deleted: 'signup.deleted_account_exists',
  signups_closed: 'signup.invite_only',
  search_not_allowed: 'errors.search_not_allowed',
  webcams_not_available: 'errors.webcams_not_available',
  blocked: 'chat.blocked',
  insufficient_credits: 'chat.insufficient_credits',
  payments_not_available: 'credits.payments_not_available',
  method_not_available: 'credits.method_not_available',
  payment_provider_unavailable: 'credits.payment_provider_unavailable',
  discount_not_found: 'discounts.not_found',
  discount_expired: 'discounts.expired',
  discount_used: 'discounts.used',
  premium_active: 'premium.already_active',
  not_found: 'errors.not_found',
  photo_limit_reached: 'photos.limit_reached',
  member_deleted: 'chat.member_deleted_cannot_reply',
  invalid_token: 'account.token_invalid',
  expired_token: 'account.token_expired',
  rate_limited: 'errors.rate_limited',
  internal: 'errors.internal',
};

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; issues?: ApiIssue[] };
}

/** A failure a use case returns (never throws) for an expected condition. */
export interface Failure<C extends ErrorCode = ErrorCode> {
  ok: false;
  code: C;
  message?: string;
  issues?: ApiIssue[];
  /** For `rate_limited`: seconds until the caller may try again (the API sends it as Retry-After). */
  retryAfterS?: number;
}

export interface Success<T> {
  ok: true;
  value: T;
}

export type Result<T, C extends ErrorCode = ErrorCode> = Success<T> | Failure<C>;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });
export const fail = <C extends ErrorCode>(code: C, message?: string, issues?: ApiIssue[]): Failure<C> => ({
  ok: false,
  code,
  ...(message ? { message } : {}),
  ...(issues ? { issues } : {}),
});
