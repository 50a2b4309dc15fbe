import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import { requestPasswordResetContract } from '~/shared/contracts/password';
import type { User } from '~/shared/contracts/profile';
import { changePasswordForm, newPasswordForm } from '~/shared/rules/password-rules';
import { $user, startUserPolling } from './session';
import * as routes from '~/shared/contracts/routes';
import { issueMessageKey, type ZodIssueLike } from '~/shared/contracts/issue-keys';
import type { ApiIssue } from '~/shared/errors';

/**
 * Password forms (docs/product.md §10 Password and password reset): change on /profile, ask
 * for a reset link on /reset-password, set a new password behind the link. Each form's state
 * is one atom; islands render it and call the verbs below.
 */
export interface PasswordFormState {
  status: 'idle' | 'busy' | 'done' | 'error';
  /** Field name → i18n key (`currentPassword`, `password`, `confirm`, `email`). */
  fieldErrors: Record<string, string>;
  /** i18n key of a failure not tied to one field. */
  error: string | null;
  /** The API's error code of the last failure (e.g. `expired_token`). */
  code: string | null;
}

const idle = (): PasswordFormState => ({ status: 'idle', fieldErrors: {}, error: null, code: null });

export const $passwordChange = atom<PasswordFormState>(idle());
export const $resetRequest = atom<PasswordFormState>(idle());
export const $passwordReset = atom<PasswordFormState>(idle());

/** The API names the new password `newPassword`; the forms call it `password`. */
const FIELD_OF: Record<string, string> = { newPassword: 'password' };

function firstErrors(issues: readonly (ZodIssueLike | ApiIssue)[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const raw = Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path);
    const field = FIELD_OF[raw] ?? raw;
    errors[field] ??= 'code' in issue ? issueMessageKey(issue) : issue.message;
  }
  return errors;
}

function failed(error: unknown): PasswordFormState {
  if (error instanceof ApiError) {
    const fieldErrors = firstErrors(error.issues);
    return {
      status: 'error',
      fieldErrors,
      error: Object.keys(fieldErrors).length > 0 ? null : error.message,
      code: error.code,
    };
  }
  return { status: 'error', fieldErrors: {}, error: 'errors.internal', code: 'internal' };
}

/**
 * Changes the password of the logged-in member. Checks the form first (rules of signup, the
 * copy must match); a wrong current password comes back as a `currentPassword` field error.
 * @returns true when changed (other sessions are ended by the server).
 */
export async function changePassword(form: { currentPassword: string; password: string; confirm: string }) {
  const parsed = changePasswordForm.safeParse(form);
  if (!parsed.success) {
    $passwordChange.set({ ...idle(), status: 'error', fieldErrors: firstErrors(parsed.error.issues) });
    return false;
  }
  $passwordChange.set({ ...idle(), status: 'busy' });
  try {
    await callApi(routes.changePassword, {
      query: { action: 'change' },
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
    });
    $passwordChange.set({ ...idle(), status: 'done' });
    return true;
  } catch (error) {
    $passwordChange.set(failed(error));
    return false;
  }
}

/** Asks for a reset link for `email`; the answer is the same whether or not an account exists. */
export async function requestPasswordReset(email: string): Promise<boolean> {
  const parsed = requestPasswordResetContract.body.safeParse({ email });
  if (!parsed.success) {
    $resetRequest.set({ ...idle(), status: 'error', fieldErrors: firstErrors(parsed.error.issues) });
    return false;
  }
  $resetRequest.set({ ...idle(), status: 'busy' });
  try {
    await callApi(routes.requestPasswordReset, { query: { action: 'request-reset' }, body: parsed.data });
    $resetRequest.set({ ...idle(), status: 'done' });
    return true;
  } catch (error) {
    $resetRequest.set(failed(error));
    return false;
  }
}

/**
 * Sets a new password with the link's `token`; on success this device is logged in (the
 * session store gets the member) and the User is returned.
 */
export async function resetPassword(token: string, form: { password: string; confirm: string }): Promise<User | null> {
  const parsed = newPasswordForm.safeParse(form);
  if (!parsed.success) {
    $passwordReset.set({ ...idle(), status: 'error', fieldErrors: firstErrors(parsed.error.issues) });
    return null;
  }
  $passwordReset.set({ ...idle(), status: 'busy' });
  try {
    const { user } = await callApi(routes.resetPassword, {
      query: { action: 'reset' },
      body: { token, newPassword: parsed.data.password },
    });
    $user.set(user);
    startUserPolling();
    $passwordReset.set({ ...idle(), status: 'done' });
    return user;
  } catch (error) {
    $passwordReset.set(failed(error));
    return null;
  }
}

/** Back to empty forms (a new attempt, tests). */
export function resetPasswordForms(): void {
  $passwordChange.set(idle());
  $resetRequest.set(idle());
  $passwordReset.set(idle());
}
