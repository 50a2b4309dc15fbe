import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { paymentTransactions } from '../db/schema';
import { creditLedger, subscriptions, users } from '../db/schema';
import type { ProviderPayment } from './payment-provider';

/** A stored payment transaction. */
export type TransactionRow = typeof paymentTransactions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * docs/product.md §11 Exactly once: what a paid transaction grants, inside the database
 * transaction that has just moved it from `open` to `paid`: its credits + bonus (first settling
 * any credit debt a refund left, each with a ledger row naming the transaction), or its months of
 * premium (from the later of now and the current end), activating its subscription with the
 * payment's mandate. Whether it may be granted at all (its discount, the one plan) was settled
 * just before in the same database transaction (`grantRefusal`).
 */
export async function grantPurchase(
  tx: Tx,
  transaction: TransactionRow,
  payment: ProviderPayment,
  now: Date,
): Promise<void> {
  if (transaction.product === 'premium') {
    await tx
      .update(users)
      .set({
        premiumUntil: sql`greatest(coalesce(${users.premiumUntil}, ${now}), ${now}) + make_interval(months => ${transaction.premiumMonths})`,
      })
      .where(eq(users.id, transaction.userId));
    if (transaction.subscriptionId !== null)
      await tx
        .update(subscriptions)
        .set({
          status: sql`CASE WHEN ${subscriptions.status} = 'pending' THEN 'active' ELSE ${subscriptions.status} END`,
          mandateId: sql`coalesce(${payment.mandateId}, ${subscriptions.mandateId})`,
          customerId: sql`coalesce(${payment.customerId}, ${subscriptions.customerId})`,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, transaction.subscriptionId));
    return;
  }
  const amount = transaction.credits + transaction.bonusCredits;
  const [before] = await tx
    .select({ debt: users.creditDebt })
    .from(users)
    .where(eq(users.id, transaction.userId))
    .for('update');
  const settles = Math.min(before?.debt ?? 0, amount);
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount - settles}`, creditDebt: sql`${users.creditDebt} - ${settles}` })
    .where(eq(users.id, transaction.userId));
  await tx.insert(creditLedger).values({
    userId: transaction.userId,
    delta: amount,
    reason: `purchase:${transaction.productId}`,
    transactionId: transaction.id,
    createdAt: now,
  });
  if (settles > 0)
    await tx.insert(creditLedger).values({
      userId: transaction.userId,
      delta: -settles,
      reason: 'debt_settled',
      transactionId: transaction.id,
      createdAt: now,
    });
}

/**
 * docs/product.md §11 Refunds: takes back what a refunded or charged-back transaction granted,
 * inside the database transaction that has just moved it from `paid` to `refunded`. Credits are
 * taken as far as the balance allows; the rest is recorded as the ledger row's shortfall and
 * owed (`users.credit_debt`, which blocks sending). Premium loses the transaction's months.
 * `reason` is `refund` or `chargeback`.
 */
export async function reversePurchase(
  tx: Tx,
  transaction: TransactionRow,
  reason: 'refund' | 'chargeback',
  now: Date,
): Promise<void> {
  if (transaction.product === 'premium') {
    await tx
      .update(users)
      .set({ premiumUntil: sql`${users.premiumUntil} - make_interval(months => ${transaction.premiumMonths})` })
      .where(eq(users.id, transaction.userId));
    return;
  }
  const granted = transaction.credits + transaction.bonusCredits;
  const [before] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, transaction.userId))
    .for('update');
  const taken = Math.min(before?.credits ?? 0, granted);
  const shortfall = granted - taken;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${taken}`, creditDebt: sql`${users.creditDebt} + ${shortfall}` })
    .where(eq(users.id, transaction.userId));
  await tx.insert(creditLedger).values({
    userId: transaction.userId,
    delta: -taken,
    reason: `${reason}:${transaction.productId}`,
    transactionId: transaction.id,
    shortfall,
    createdAt: now,
  });
}
