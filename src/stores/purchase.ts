import { atom } from 'nanostores';
import { callApi } from '../client/api';
import { startPurchaseContract } from '~/shared/contracts/payments';
import type { PaymentMethod } from '~/shared/payments';
import { failureMessageKey } from './failures';

/**
 * Buying credits on /credits (docs/product.md §11 A purchase): the chosen package and method,
 * and starting the payment, after which the browser goes to the provider's checkout.
 */
export interface PurchaseState {
  packageId: string | null;
  method: PaymentMethod | null;
  status: 'idle' | 'starting' | 'redirecting';
  /** i18n key of the last failure, null when none. */
  error: string | null;
}

export const $purchase = atom<PurchaseState>({ packageId: null, method: null, status: 'idle', error: null });

const patch = (change: Partial<PurchaseState>) => $purchase.set({ ...$purchase.get(), ...change });

/** Sets what the page preselects (the popular package, the country's first method). */
export function initPurchase(packageId: string | null, method: PaymentMethod | null): void {
  $purchase.set({ packageId, method, status: 'idle', error: null });
}

export function choosePackage(packageId: string): void {
  patch({ packageId, error: null });
}

export function chooseMethod(method: PaymentMethod): void {
  patch({ method, error: null });
}

/**
 * Starts the payment of the chosen package and method.
 * @returns the checkout URL to go to, or null when it was refused (the error is in the store).
 */
export async function startPurchase(returnPath: string): Promise<string | null> {
  const { packageId, method, status } = $purchase.get();
  if (!packageId || !method || status !== 'idle') return null;
  patch({ status: 'starting', error: null });
  try {
    const started = await callApi(startPurchaseContract, {
      body: { package: packageId, method, return_path: returnPath },
    });
    patch({ status: 'redirecting' });
    return started.checkout_url;
  } catch (error) {
    patch({ status: 'idle', error: failureMessageKey(error) });
    return null;
  }
}
