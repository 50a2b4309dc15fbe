import { ApiError } from '../client/api';
import type { ApiIssue } from '~/shared/errors';

/**
 * What islands show when a store verb throws: the i18n key of the server's error
 * message for an API error (`{ error: { message } }`, or `errors.network`), else `errors.internal`.
 */
export function failureMessageKey(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : 'errors.internal';
}

/** The field issues of a refused call (400/422 `issues`); none for any other failure. */
export function failureIssues(failure: unknown): ApiIssue[] {
  return failure instanceof ApiError ? failure.issues : [];
}

/** The error code of a refused call (`account_banned`, …, or `network`); null for any other failure. */
export function failureCode(failure: unknown): ApiError['code'] | null {
  return failure instanceof ApiError ? failure.code : null;
}
