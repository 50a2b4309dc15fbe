import { describe, expect, it } from 'vitest';
import { changePasswordForm, newPasswordForm } from './password-rules';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('password forms (docs/product.md §10)', () => {
  it('takes a new password that follows the signup rule and is typed the same twice', () => {
    expect(newPasswordForm.safeParse({ password: 'long-enough', confirm: 'long-enough' }).success).toBe(true);
    expect(issues(newPasswordForm.safeParse({ password: 'long-enough', confirm: 'long-enougH' }))).toEqual([
      'confirm:password.mismatch',
    ]);
    expect(issues(newPasswordForm.safeParse({ password: '', confirm: '' }))).toContain('password:validation.required');
    expect(issues(newPasswordForm.safeParse({ password: 'abc', confirm: 'abc' }))).toEqual([
      'password:validation.min_length',
    ]);
  });

  it('needs the current password when changing', () => {
    expect(
      changePasswordForm.safeParse({ currentPassword: 'old', password: 'long-enough', confirm: 'long-enough' }).success,
    ).toBe(true);
    expect(
      issues(changePasswordForm.safeParse({ currentPassword: '', password: 'long-enough', confirm: 'long-enough' })),
    ).toEqual(['currentPassword:validation.required']);
  });
});
