import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import * as routes from '~/shared/contracts/routes';

/** The activate-reminder's state (docs/product.md §2): pending → sending → sent | error. */
export type ActivationResendState = 'pending' | 'sending' | 'sent' | 'error';

export const $activationResend = atom<ActivationResendState>('pending');
/** i18n key of the last failure (`errors.rate_limited` when asked too often), else null. */
export const $activationResendError = atom<string | null>(null);

/** "Send the link again": a new activation mail now (`POST /api/activate.php?resend=1`). */
export async function resendActivation(): Promise<void> {
  if ($activationResend.get() === 'sending') return;
  $activationResend.set('sending');
  $activationResendError.set(null);
  try {
    await callApi(routes.resendActivation, { query: { resend: '1' } });
    $activationResend.set('sent');
  } catch (error) {
    $activationResendError.set(error instanceof ApiError ? error.message : 'errors.internal');
    $activationResend.set('error');
  }
}
