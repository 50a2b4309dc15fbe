import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { paymentTransactions, users } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import type { TransactionRow } from './grant-purchase';
import { PaymentProviderError, type ProviderPayment } from './payment-provider';
import { transactionListColumns, toListItem, type TransactionListItem } from './search-transactions';
import { reversePaidTransaction } from './settle-transaction';

export type RefundFailure = 'not_found' | 'conflict' | 'payment_provider_unavailable';

/** The refunded transaction and where the member's account stands afterwards. */
export interface RefundOutcome {
  transaction: TransactionListItem;
  /** The member's balance and credits owed after the reversal (credits), and premium's end. */
  member: { credits: number; creditDebt: number; premiumUntil: Date | null };
  /** How much the provider was asked to refund now (cents; 0 when it had refunded it already). */
  refundedAtProviderCents: number;
}

/**
 * docs/product.md §13 Payments, refund: an operator refunds a paid transaction in full through the
 * provider that took it, then it is reversed through the same path as a provider's refund report
 * (`reversePaidTransaction`: one database transaction guarded by `status = 'paid'`, credits taken
 * back down to 0 with the rest owed, premium months taken back, the `refund` conversion) with the
 * audit row (action transaction.refund) in that same transaction. The provider is asked only for what it
 * has not refunded or charged back yet, so a payment refunded at the provider's own dashboard is
 * not refunded twice; the provider itself refuses more than the remaining amount.
 * Failures: `not_found` (no such transaction); `conflict` (not paid — e.g. refunded already —, made
 * by another provider than the current one, or unknown to it); `payment_provider_unavailable` (the
 * provider refused or could not be reached: nothing changed here).
 */
export async function refundTransaction(
  ctx: AppContext,
  transactionId: number,
  actor: OperatorActor,
): Promise<Result<RefundOutcome, RefundFailure>> {
  const transaction = await readTransaction(ctx, transactionId);
  if (!transaction) return fail('not_found');
  if (transaction.status !== 'paid') return fail('conflict', 'admin.refund_not_paid');
  if (transaction.provider !== ctx.payments.name || !transaction.providerPaymentId)
    return fail('conflict', 'admin.refund_other_provider');
  const paymentId = transaction.providerPaymentId;

  let payment: ProviderPayment | null;
  try {
    payment = await ctx.payments.getPayment(paymentId);
  } catch (error) {
    return providerFailure(ctx, transaction, error);
  }
  if (!payment || payment.status !== 'paid') return fail('conflict', 'admin.refund_not_paid');
  const remaining = Math.max(0, transaction.amountCents - payment.amountRefundedCents - payment.amountChargedBackCents);
  if (remaining > 0) {
    try {
      await ctx.payments.refundPayment(paymentId, remaining, transaction.currency);
    } catch (error) {
      // A refusal because someone else refunded it meanwhile is the same conflict as a second refund.
      const now = await readTransaction(ctx, transactionId);
      if (now?.status !== 'paid') return fail('conflict', 'admin.refund_not_paid');
      return providerFailure(ctx, transaction, error);
    }
  }

  const reversed = await reversePaidTransaction(ctx, transaction, 'refund', (tx, at) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'transaction.refund',
        objectType: 'transaction',
        objectId: transaction.id,
        before: { status: 'paid' },
        after: {
          status: 'refunded',
          amountCents: transaction.amountCents,
          currency: transaction.currency,
          refundedAtProviderCents: remaining,
        },
      },
      at,
    ),
  );
  if (!reversed) {
    // Another refund (or the provider's report of this one) reversed it first: nothing more to do here.
    ctx.log.warn('operator refund found the transaction reversed already', { transaction: transaction.id });
    return fail('conflict', 'admin.refund_not_paid');
  }
  const [row] = await ctx.db
    .select({
      ...transactionListColumns,
      memberCredits: users.credits,
      creditDebt: users.creditDebt,
      premiumUntil: users.premiumUntil,
    })
    .from(paymentTransactions)
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .where(eq(paymentTransactions.id, transaction.id));
  const { memberCredits, creditDebt, premiumUntil, ...listed } = row!;
  return ok({
    transaction: toListItem(listed),
    member: { credits: memberCredits, creditDebt, premiumUntil },
    refundedAtProviderCents: remaining,
  });
}

async function readTransaction(ctx: AppContext, id: number): Promise<TransactionRow | undefined> {
  const [row] = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

function providerFailure(
  ctx: AppContext,
  transaction: TransactionRow,
  error: unknown,
): Result<never, 'payment_provider_unavailable'> {
  if (!(error instanceof PaymentProviderError)) throw error;
  ctx.log.warn('operator refund: the payment provider refused or could not be reached', {
    transaction: transaction.id,
    error,
  });
  return fail('payment_provider_unavailable');
}
