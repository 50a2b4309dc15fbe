import {
  adminFailedRenewalsContract,
  adminRefundTransactionContract,
  adminRevenueContract,
  adminTransactionsContract,
} from '~/shared/contracts/admin/payments';
import { ok } from '~/shared/errors';
import { failedRenewals } from '../../payments';
import { refundTransaction } from '../../payments';
import { revenueReport } from '../../payments';
import { searchTransactions, type TransactionListItem } from '../../payments';
import { defineOperation } from '../api';

const PAGE = 50;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const transactionView = (row: TransactionListItem) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  paidAt: iso(row.paidAt),
  refundedAt: iso(row.refundedAt),
});

/** The Payments section (docs/product.md §13 Payments): transactions, refunds, revenue, failed renewals. */
export const adminPaymentOperations = [
  defineOperation(adminTransactionsContract, async ({ query }, req) => {
    const { member, ...filter } = query;
    const page = await searchTransactions(req.ctx, { ...filter, memberId: member, limit: PAGE });
    return ok({ transactions: page.transactions.map(transactionView), hasMore: page.hasMore });
  }),
  defineOperation(adminRefundTransactionContract, async ({ params }, req) => {
    const refunded = await refundTransaction(req.ctx, Number(params.id), req.session.operator);
    if (!refunded.ok) return refunded;
    const { transaction, member, refundedAtProviderCents } = refunded.value;
    return ok({
      transaction: transactionView(transaction),
      member: { ...member, premiumUntil: iso(member.premiumUntil) },
      refundedAtProviderCents,
    });
  }),
  defineOperation(adminRevenueContract, async ({ query }, req) => {
    const [rows, totals] = await Promise.all([
      revenueReport(req.ctx, query),
      query.by === 'currency' ? null : revenueReport(req.ctx, { ...query, by: 'currency' }),
    ]);
    return ok({ rows, totals: totals ?? rows });
  }),
  defineOperation(adminFailedRenewalsContract, async ({ query }, req) => {
    const page = await failedRenewals(req.ctx, { ...query, limit: PAGE });
    return ok({
      renewals: page.renewals.map((row) => ({
        ...row,
        failedAt: row.failedAt.toISOString(),
        premiumUntil: iso(row.premiumUntil),
      })),
      hasMore: page.hasMore,
    });
  }),
];
