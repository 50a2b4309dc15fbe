import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { grantCredits } from '../credits/credits';
import { paymentTransactions, type TransactionStatus } from '../db/schema';
import { registerPeriodicJob } from '../jobs/periodic-jobs';
import type { ProviderPaymentStatus } from './payment-provider';
import { sendReceipt } from './send-receipt';

/** Provider states that end a payment without money, and what our transaction then says. */
const UNPAID_FINAL: Partial<Record<ProviderPaymentStatus, TransactionStatus>> = {
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/**
 * docs/product.md §11 Exactly once: brings the transaction of the provider's payment
 * `providerPaymentId` up to date by asking the provider (never from a webhook body). When the
 * provider says paid (for the amount and currency we asked), marking the transaction paid and
 * granting its credits + bonus with a ledger row happen in one database transaction guarded by
 * `status = 'open'`: duplicated, concurrent or late webhooks, the return page and the
 * reconciliation job may all call this at once and the credits are granted exactly once. The
 * one call that grants also sends the receipt mail (in the background).
 * @returns the transaction's status afterwards; `not_found` for a payment we did not create
 * with this provider (nothing changes).
 * @throws PaymentProviderError when the provider cannot be reached (nothing changes; a later
 * webhook or the reconciliation job tries again).
 */
export async function settleTransaction(
  ctx: AppContext,
  providerPaymentId: string,
): Promise<Result<{ status: TransactionStatus }, 'not_found'>> {
  const [transaction] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, ctx.payments.name),
        eq(paymentTransactions.providerPaymentId, providerPaymentId),
      ),
    )
    .limit(1);
  if (!transaction) return fail('not_found');
  if (transaction.status !== 'open') return ok({ status: transaction.status });

  const payment = await ctx.payments.getPayment(providerPaymentId);
  if (!payment) return fail('not_found');
  const now = ctx.clock.now();
  if (payment.status === 'paid') {
    if (payment.amountCents !== transaction.amountCents || payment.currency !== transaction.currency) {
      // Never grant for a payment that does not match what we asked for; an operator must look.
      ctx.log.error('paid amount differs from the transaction', { transaction: transaction.id });
      return ok({ status: 'open' });
    }
    const granted = await ctx.db.transaction(async (tx) => {
      const [won] = await tx
        .update(paymentTransactions)
        .set({ status: 'paid', paidAt: now, updatedAt: now })
        .where(and(eq(paymentTransactions.id, transaction.id), eq(paymentTransactions.status, 'open')))
        .returning({ id: paymentTransactions.id });
      if (!won) return false;
      await grantCredits(
        tx,
        transaction.userId,
        transaction.credits + transaction.bonusCredits,
        `purchase:${transaction.productId}`,
        transaction.id,
      );
      return true;
    });
    if (granted) {
      ctx.log.info('purchase paid', { userId: transaction.userId, transaction: transaction.id });
      sendReceipt(ctx, transaction.id);
    }
    return ok({ status: 'paid' });
  }
  const final = UNPAID_FINAL[payment.status];
  if (final) {
    const [changed] = await ctx.db
      .update(paymentTransactions)
      .set({ status: final, updatedAt: now })
      .where(and(eq(paymentTransactions.id, transaction.id), eq(paymentTransactions.status, 'open')))
      .returning({ status: paymentTransactions.status });
    if (!changed) return settledStatus(ctx, transaction.id);
    return ok({ status: final });
  }
  return ok({ status: 'open' });
}

/** The stored status of a transaction another caller settled first. */
async function settledStatus(ctx: AppContext, id: number): Promise<Result<{ status: TransactionStatus }, never>> {
  const [row] = await ctx.db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id));
  return ok({ status: row!.status });
}

/** Open transactions older than this are no longer asked about (the provider expired them) (ms). */
export const RECONCILE_UNTIL_MS = 7 * 24 * 60 * 60_000;

/**
 * docs/product.md §11 Reconciliation: asks the provider about every open transaction older than
 * `config.payments.reconcileAfterMs` (one minute unless PAYMENT_RECONCILE_AFTER_S says otherwise)
 * and younger than seven days, and settles it, so a payment whose webhook never arrived, or whose
 * grant was cut off by a crash, is granted exactly once on the next run.
 * @returns how many transactions were looked at.
 */
export async function reconcileOpenTransactions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const open = await ctx.db
    .select({ providerPaymentId: paymentTransactions.providerPaymentId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.status, 'open'),
        eq(paymentTransactions.provider, ctx.payments.name),
        isNotNull(paymentTransactions.providerPaymentId),
        lt(paymentTransactions.createdAt, new Date(now - ctx.config.payments.reconcileAfterMs)),
        gt(paymentTransactions.createdAt, new Date(now - RECONCILE_UNTIL_MS)),
      ),
    )
    .limit(200);
  for (const row of open) {
    try {
      await settleTransaction(ctx, row.providerPaymentId!);
    } catch (error) {
      ctx.log.warn('reconciling a transaction failed', { error });
    }
  }
  return open.length;
}

registerPeriodicJob({
  name: 'payment-reconciliation',
  everyMs: 2 * 60_000,
  run: async (ctx) => void (await reconcileOpenTransactions(ctx)),
});
