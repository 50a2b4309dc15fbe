import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { transactionContract } from '~/shared/contracts/payments';
import type { z } from 'zod';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/** A transaction as `/api/transaction.php` answers it. */
export type TransactionView = z.output<typeof transactionContract.response>;

/** `/transactions/:transactionId` (docs/product.md §11): the payment's status, asked for until it is final. */
export interface TransactionState {
  transaction: TransactionView | null;
  /** i18n key of the last failure, null when none. */
  error: string | null;
}

/** How often an open payment is asked about (ms). */
export const TRANSACTION_POLL_MS = 2_000;

export const $transaction = atom<TransactionState>({ transaction: null, error: null });

let timer: ReturnType<typeof setTimeout> | null = null;

/** Loads the transaction and keeps asking every TRANSACTION_POLL_MS while it is open (or unreachable). */
export async function followTransaction(id: string): Promise<void> {
  stopFollowingTransaction();
  try {
    const transaction = await callApi(routes.transaction, { query: { id }, quiet: true });
    $transaction.set({ transaction, error: null });
    if (transaction.status !== 'open') return;
  } catch (error) {
    const key = failureMessageKey(error);
    $transaction.set({ ...$transaction.get(), error: key });
    if (key === 'errors.not_found') return;
  }
  timer = setTimeout(() => void followTransaction(id), TRANSACTION_POLL_MS);
}

export function stopFollowingTransaction(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}
