import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { PaymentMethod } from '~/shared/payments';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * Buying on /credits and /premium (docs/product.md §11 A purchase): the chosen package or plan and
 * method, a discount code the member applied, and starting the payment, after which the browser
 * goes to the provider's checkout (or the transaction page when a stored mandate was charged).
 */

/** A discount applied to the packages: its code and each package's price after it (cents). */
export interface AppliedDiscount {
  code: string;
  percent: number | null;
  amountCents: number | null;
  prices: Record<string, number>;
}

export interface PurchaseState {
  packageId: string | null;
  method: PaymentMethod | null;
  status: 'idle' | 'starting' | 'redirecting';
  /** i18n key of the last failure, null when none. */
  error: string | null;
  /** A typed discount code the server accepted (applied to the purchase), null when none. */
  discount: AppliedDiscount | null;
  discountStatus: 'idle' | 'checking';
  /** i18n key of why the typed code was refused, null when none. */
  discountError: string | null;
}

const IDLE: PurchaseState = {
  packageId: null,
  method: null,
  status: 'idle',
  error: null,
  discount: null,
  discountStatus: 'idle',
  discountError: null,
};

export const $purchase = atom<PurchaseState>(IDLE);

const patch = (change: Partial<PurchaseState>) => $purchase.set({ ...$purchase.get(), ...change });

/** Sets what the page preselects (the popular package, the country's first method). */
export function initPurchase(packageId: string | null, method: PaymentMethod | null): void {
  $purchase.set({ ...IDLE, packageId, method });
}

export function choosePackage(packageId: string): void {
  patch({ packageId, error: null });
}

export function chooseMethod(method: PaymentMethod): void {
  patch({ method, error: null });
}

/**
 * Checks a typed discount code with the server and applies it to the packages on success.
 * @returns whether it was accepted (the refusal's key is in `discountError`).
 */
export async function applyDiscountCode(code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (!trimmed || $purchase.get().discountStatus !== 'idle') return false;
  patch({ discountStatus: 'checking', discountError: null });
  try {
    const offer = await callApi(routes.discountCode, { query: { code: trimmed } });
    patch({
      discountStatus: 'idle',
      discount: {
        code: offer.code,
        percent: offer.percent,
        amountCents: offer.amount_cents,
        prices: Object.fromEntries(offer.packages.map((pack) => [pack.id, pack.discounted_cents])),
      },
    });
    return true;
  } catch (error) {
    patch({ discountStatus: 'idle', discountError: failureMessageKey(error) });
    return false;
  }
}

export function removeDiscountCode(): void {
  patch({ discount: null, discountError: null });
}

/**
 * Starts the payment of the chosen package (or premium plan) and method, with the applied
 * discount code. `useMandate` (repeat order) charges a stored mandate when there is one.
 * @returns where to go next (checkout or transaction page), or null when refused (the error is in the store).
 */
export async function startPurchase(
  returnPath: string,
  options: { product?: 'credits' | 'premium'; useMandate?: boolean } = {},
): Promise<string | null> {
  const { packageId, method, status, discount } = $purchase.get();
  if (!packageId || !method || status !== 'idle') return null;
  patch({ status: 'starting', error: null });
  try {
    const product = options.product ?? 'credits';
    const started = await callApi(routes.startPurchase, {
      body: {
        product,
        package: packageId,
        method,
        return_path: returnPath,
        use_mandate: options.useMandate ?? false,
        ...(discount && product === 'credits' ? { discount_code: discount.code } : {}),
      },
    });
    patch({ status: 'redirecting' });
    return started.checkout_url;
  } catch (error) {
    patch({ status: 'idle', error: failureMessageKey(error) });
    return null;
  }
}
