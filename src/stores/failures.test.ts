import { describe, expect, it } from 'vitest';
import { ApiError } from '../client/api';
import { failureCode, failureIssues, failureMessageKey } from './failures';

describe('what islands show for a failed store verb', () => {
  it("shows the server's message key and field issues of an API error", () => {
    const issues = [{ path: 'email', message: 'validation.email' }];
    const failure = new ApiError(422, 'validation_failed', 'errors.validation_failed', issues);
    expect(failureMessageKey(failure)).toBe('errors.validation_failed');
    expect(failureIssues(failure)).toEqual(issues);
    expect(failureMessageKey(new ApiError(0, 'network', 'errors.network'))).toBe('errors.network');
    expect(failureCode(new ApiError(403, 'account_banned', 'login.account_banned'))).toBe('account_banned');
  });

  it('falls back to errors.internal, without issues, for anything else', () => {
    expect(failureMessageKey(new Error('boom'))).toBe('errors.internal');
    expect(failureMessageKey(undefined)).toBe('errors.internal');
    expect(failureIssues(new Error('boom'))).toEqual([]);
    expect(failureCode(new Error('boom'))).toBeNull();
  });
});
