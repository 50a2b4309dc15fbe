import { map } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import type { EmailCheckStatus } from '~/shared/contracts/email-check';
import { suggestEmail } from '~/shared/rules/email-suggestion';
import { isEmailCheckable } from '~/shared/rules/signup-rules';
import * as routes from '~/shared/contracts/routes';

/**
 * docs/product.md §5 e-mail check on signup: the server check runs only once the value
 * has `@` and a dot; a newer value aborts the check in flight; a failed check
 * marks the address invalid. `suggestion` is the mailcheck "did you mean".
 */
export const $emailCheck = map<{
  status: EmailCheckStatus | 'idle' | 'checking';
  token: string | null;
  checkedEmail: string;
  suggestion: string | null;
}>({
  status: 'idle',
  token: null,
  checkedEmail: '',
  suggestion: null,
});

let controller: AbortController | null = null;

/** Checks an address (idempotent for the value already checked). */
export async function checkEmailAddress(value: string): Promise<void> {
  const email = value.trim();
  controller?.abort();
  $emailCheck.setKey('suggestion', suggestEmail(email));
  if (!isEmailCheckable(email)) {
    controller = null;
    $emailCheck.set({ ...$emailCheck.get(), status: 'idle', token: null, checkedEmail: '' });
    return;
  }
  if ($emailCheck.get().checkedEmail === email && $emailCheck.get().status !== 'checking') return;
  const current = new AbortController();
  controller = current;
  $emailCheck.set({ ...$emailCheck.get(), status: 'checking', token: null, checkedEmail: email });
  try {
    const result = await callApi(routes.emailCheck, { query: { email }, signal: current.signal });
    $emailCheck.set({ ...$emailCheck.get(), status: result.status, token: result.token });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    if (!(error instanceof ApiError)) console.warn('e-mail check failed', error);
    $emailCheck.set({ ...$emailCheck.get(), status: 'invalid', token: null });
  }
}

/**
 * docs/product.md §8 message key for an address the last check refused (active or
 * not_confirmed → existing account, invalid), or null. A deleted account's address is not
 * refused (docs/product.md §10 Account deletion: it may sign up again; the form says so). Only
 * applies when `email` is the address that was checked.
 */
export function emailCheckErrorKey(email: string): string | null {
  const { status, checkedEmail } = $emailCheck.get();
  if (checkedEmail !== email.trim()) return null;
  if (status === 'active' || status === 'not_confirmed') return 'signup.existing_account_active';
  if (status === 'invalid') return 'signup.invalid_email';
  return null;
}
