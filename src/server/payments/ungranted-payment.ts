import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { paymentTransactions, subscriptions, users, type TransactionStatus } from '../db/schema';
import { redeemDiscount } from './discounts';
import type { TransactionRow } from './grant-purchase';
import { PaymentProviderError, type ProviderPayment } from './payment-provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * docs/product.md §11 Discounts and Premium: a payment that arrived but may not be granted,
 * because its one-time discount was used by another checkout paid first (`discount_used`), or
 * because it would start a second renewing plan (`premium_active`). Such a payment is refunded in
 * full and its transaction moves from `open` to `refunded`, granting nothing.
 */
export type GrantRefusal = 'discount_used' | 'premium_active';

/**
 * Inside the database transaction that has just moved `transaction` from `open` to `paid`, before
 * anything is granted: claims its discount (`redeemDiscount`; a discount that took nothing off
 * never refuses) and, for the first payment of a premium plan, checks that no other plan of the
 * member renews. Premium grants of one member are serialised on the member's row, so of plans
 * paid at once in several processes exactly one becomes active.
 * @returns why it may not be granted (the caller rolls back and calls `refundUngranted`), or null.
 */
export async function grantRefusal(tx: Tx, transaction: TransactionRow, now: Date): Promise<GrantRefusal | null> {
  if (transaction.product === 'premium' && transaction.subscriptionId !== null) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, transaction.userId)).for('update');
    const [plan] = await tx
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, transaction.subscriptionId));
    // Only a new plan's first payment is checked: a renewal belongs to the plan that renews.
    if (plan?.status === 'pending') {
      const [other] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, transaction.userId),
            eq(subscriptions.status, 'active'),
            ne(subscriptions.id, transaction.subscriptionId),
          ),
        )
        .limit(1);
      if (other) return 'premium_active';
    }
  }
  if (transaction.discountCode) {
    const claimed = await redeemDiscount(tx, transaction.userId, transaction.discountCode, transaction.id, now);
    if (!claimed && transaction.discountCents > 0) return 'discount_used';
  }
  return null;
}

/**
 * Refunds a paid payment refused by `grantRefusal` at the provider (what it has not refunded or
 * charged back yet), then moves its transaction `open` → `refunded` (guarded by `status = 'open'`;
 * paid and refunded now, so the revenue report counts it in and out) and a plan it would have
 * started to `cancelled`; nothing is granted, no receipt is sent.
 * @returns the transaction's status afterwards.
 * @throws PaymentProviderError when the provider refused or could not be reached and the
 * transaction is still open (nothing changed here; a later webhook or the reconciliation tries again).
 */
export async function refundUngranted(
  ctx: AppContext,
  transaction: TransactionRow,
  payment: ProviderPayment,
  reason: GrantRefusal,
): Promise<TransactionStatus> {
  const remaining = payment.amountCents - payment.amountRefundedCents - payment.amountChargedBackCents;
  if (remaining > 0) {
    try {
      await ctx.payments.refundPayment(payment.id, remaining, transaction.currency);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // A concurrent call (webhook, return page, reconciliation) may have refunded it first.
      const stored = await storedStatus(ctx, transaction.id);
      if (stored !== 'open') return stored;
      throw error;
    }
  }
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status: 'refunded', paidAt: now, refundedAt: now, updatedAt: now })
      .where(and(eq(paymentTransactions.id, transaction.id), eq(paymentTransactions.status, 'open')))
      .returning({ id: paymentTransactions.id });
    if (!row) return false;
    if (transaction.subscriptionId !== null)
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(eq(subscriptions.id, transaction.subscriptionId), eq(subscriptions.status, 'pending')));
    return true;
  });
  if (!moved) return storedStatus(ctx, transaction.id);
  ctx.log.warn('paid payment refunded without a grant', {
    userId: transaction.userId,
    transaction: transaction.id,
    reason,
  });
  return 'refunded';
}

async function storedStatus(ctx: AppContext, id: number): Promise<TransactionStatus> {
  const [row] = await ctx.db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id));
  return row!.status;
}
