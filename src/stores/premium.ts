import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { PremiumStatus } from '~/shared/contracts/payments';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * The member's premium on /premium (docs/product.md §11 Premium): its state as the server rendered
 * it, then as the cancel call returns it.
 */
export interface PremiumState {
  status: PremiumStatus | null;
  cancelling: boolean;
  /** i18n key of the last failure, null when none. */
  error: string | null;
}

export const $premium = atom<PremiumState>({ status: null, cancelling: false, error: null });

/** Sets the state the page was rendered with. */
export function initPremium(status: PremiumStatus): void {
  $premium.set({ status, cancelling: false, error: null });
}

/**
 * Cancels the renewals of the member's plan; premium stays until its end date.
 * @returns whether it worked (the failure's key is in `error`).
 */
export async function cancelPremium(): Promise<boolean> {
  if ($premium.get().cancelling) return false;
  $premium.set({ ...$premium.get(), cancelling: true, error: null });
  try {
    const status = await callApi(routes.cancelPremium);
    $premium.set({ status, cancelling: false, error: null });
    return true;
  } catch (error) {
    $premium.set({ ...$premium.get(), cancelling: false, error: failureMessageKey(error) });
    return false;
  }
}
