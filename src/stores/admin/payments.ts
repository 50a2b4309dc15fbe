import { callAdmin } from '~/client/admin-api';
import {
  adminFailedRenewalsContract,
  adminRefundTransactionContract,
  adminRevenueContract,
  adminTransactionsContract,
  type TransactionItem,
} from '~/shared/contracts/admin/payments';
import type { ConsoleText } from '~/shared/console-i18n';
import { failureCode } from './errors';

/** The transactions list's filters (docs/product.md §13 Payments); empty values are left out. */
export interface TransactionFilter {
  site?: string;
  status?: string;
  method?: string;
  from?: string;
  to?: string;
  member?: string;
}

/** One page of transactions, newest first, older than `before` when given. */
export function fetchTransactions({ filter, before }: { filter: TransactionFilter; before?: number }) {
  return callAdmin(adminTransactionsContract, {
    query: { ...filter, status: filter.status as TransactionItem['status'] | undefined, before },
  });
}

/** The revenue grouping of the report. */
export type RevenueGrouping = 'day' | 'site' | 'country' | 'currency';

/** The revenue report for UTC days `from`–`to` (YYYY-MM-DD), one site or all (''), grouped `by`. */
export function fetchRevenue({
  from,
  to,
  site,
  by,
}: {
  from: string;
  to: string;
  site: string;
  by: RevenueGrouping;
  /** Only to load again after a refund. */
  version?: number;
}) {
  return callAdmin(adminRevenueContract, { query: { from, to, site: site || undefined, by } });
}

/** One page of failed premium renewals, most recent first. */
export function fetchFailedRenewals({ site, before }: { site: string; before?: number; version?: number }) {
  return callAdmin(adminFailedRenewalsContract, { query: { site: site || undefined, before } });
}

/** Refunds a paid transaction; resolves with the member's credits and debt afterwards. */
export function refundTransaction(id: number) {
  return callAdmin(adminRefundTransactionContract, { params: { id } });
}

/** The precise text of a refused refund, or null for the generic one. */
export function refundErrorText(error: unknown): ConsoleText | null {
  if (failureCode(error) === 'conflict') return { key: 'refund.conflict' };
  if (failureCode(error) === 'payment_provider_unavailable') return { key: 'refund.provider_unavailable' };
  return null;
}
