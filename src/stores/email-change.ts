import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import { requestEmailChangeContract, type EmailChangeStatus } from '~/shared/contracts/email-change';
import { suggestEmail } from '~/shared/rules/email-suggestion';
import { failureIssues, failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';
import { issueMessageKey } from '~/shared/contracts/issue-keys';

/**
 * The /profile e-mail section (docs/product.md §10 E-mail change): the address in force, the
 * change waiting for confirmation (with "send again" and "cancel"), or the form asking for a
 * new address and the current password.
 */
export interface EmailChangeState {
  status: EmailChangeStatus | null;
  busy: boolean;
  /** i18n key of a failure that is not about one field. */
  error: string | null;
  /** Field (`email`, `password`) → i18n key. */
  fieldErrors: Record<string, string>;
  /** What just happened, for a short confirmation line. */
  notice: 'resent' | 'cancelled' | null;
  /** The "did you mean …" address for a likely typo in the new address. */
  suggestion: string | null;
}

const INITIAL: EmailChangeState = {
  status: null,
  busy: false,
  error: null,
  fieldErrors: {},
  notice: null,
  suggestion: null,
};

export const $emailChange = atom<EmailChangeState>(INITIAL);

function patch(change: Partial<EmailChangeState>): void {
  $emailChange.set({ ...$emailChange.get(), ...change });
}

/** Loads the current address and pending change (a failure is shown as the section's error). */
export async function loadEmailChange(): Promise<void> {
  try {
    patch({ status: await callApi(routes.emailChangeStatus, { query: { action: 'status' }, quiet: true }) });
  } catch (error) {
    patch({ error: failureMessageKey(error) });
  }
}

/** Updates the typo suggestion for what the member typed as the new address. */
export function suggestNewEmail(value: string): void {
  patch({ suggestion: suggestEmail(value) });
}

/**
 * Asks for the change. Bad input (checked here first, like signup) and a wrong password become
 * field errors; an address of another account is an error on `email`.
 * @returns true when the confirmation link is on its way (the section shows the pending change).
 */
export async function requestEmailChange(email: string, password: string): Promise<boolean> {
  const parsed = requestEmailChangeContract.body.safeParse({ email, password });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issueMessageKey(issue);
    patch({ fieldErrors, error: null });
    return false;
  }
  patch({ busy: true, error: null, fieldErrors: {}, notice: null });
  try {
    const status = await callApi(routes.requestEmailChange, { query: { action: 'request' }, body: parsed.data });
    patch({ busy: false, status, suggestion: null });
    return true;
  } catch (error) {
    const issues = failureIssues(error);
    if (issues.length > 0) {
      patch({ busy: false, fieldErrors: Object.fromEntries(issues.map((issue) => [issue.path, issue.message])) });
    } else if (error instanceof ApiError && error.code === 'account_exists') {
      patch({ busy: false, fieldErrors: { email: error.message } });
    } else {
      patch({ busy: false, error: failureMessageKey(error) });
    }
    return false;
  }
}

/** "Send again": a new confirmation link to the pending address. */
export async function resendEmailChange(): Promise<void> {
  patch({ busy: true, error: null, notice: null });
  try {
    const status = await callApi(routes.resendEmailChange, { query: { action: 'resend' } });
    patch({ busy: false, status, notice: 'resent' });
  } catch (error) {
    patch({ busy: false, error: failureMessageKey(error) });
    // Nothing pending any more (confirmed or cancelled elsewhere): show what is true now.
    if (error instanceof ApiError && error.code === 'not_found') await loadEmailChange();
  }
}

/** "Cancel": the pending link stops working; the form comes back. */
export async function cancelEmailChange(): Promise<void> {
  patch({ busy: true, error: null, notice: null });
  try {
    const status = await callApi(routes.cancelEmailChange, { query: { action: 'cancel' } });
    patch({ busy: false, status, notice: 'cancelled' });
  } catch (error) {
    patch({ busy: false, error: failureMessageKey(error) });
  }
}

/**
 * The undo part of /notifications (docs/product.md §10 E-mail change "this was not me"):
 * `checking` the link, `ready` to restore `email`, `done` (restored, every session ended), or
 * the link is `invalid` / `expired`; `error` holds any other failure's key.
 */
export interface EmailChangeUndoState {
  step: 'idle' | 'checking' | 'ready' | 'done' | 'invalid' | 'expired';
  email: string | null;
  busy: boolean;
  error: string | null;
}

const UNDO_INITIAL: EmailChangeUndoState = { step: 'idle', email: null, busy: false, error: null };
export const $emailChangeUndo = atom<EmailChangeUndoState>(UNDO_INITIAL);

function patchUndo(change: Partial<EmailChangeUndoState>): void {
  $emailChangeUndo.set({ ...$emailChangeUndo.get(), ...change });
}

/** A used/unknown or expired link ends in its own step; anything else is a retryable error. */
function undoFailure(error: unknown): Partial<EmailChangeUndoState> {
  if (error instanceof ApiError && (error.code === 'invalid_token' || error.code === 'validation_failed')) {
    return { busy: false, step: 'invalid' };
  }
  if (error instanceof ApiError && error.code === 'expired_token') return { busy: false, step: 'expired' };
  return { busy: false, error: failureMessageKey(error) };
}

/** Checks the undo link's token without using it. */
export async function checkUndoLink(token: string): Promise<void> {
  patchUndo({ step: 'checking', error: null });
  try {
    const { email } = await callApi(routes.checkEmailChangeUndo, { query: { action: 'undo', token } });
    patchUndo({ step: 'ready', email });
  } catch (error) {
    patchUndo({ step: 'idle', ...undoFailure(error) });
  }
}

/** Restores the old address with the undo link's token (every session of the account ends). */
export async function undoEmailChange(token: string): Promise<void> {
  patchUndo({ busy: true, error: null });
  try {
    const { email } = await callApi(routes.undoEmailChange, { query: { action: 'undo' }, body: { token } });
    patchUndo({ busy: false, step: 'done', email });
  } catch (error) {
    patchUndo(undoFailure(error));
  }
}

/** Back to the initial states (tests). */
export function resetEmailChange(): void {
  $emailChange.set(INITIAL);
  $emailChangeUndo.set(UNDO_INITIAL);
}
