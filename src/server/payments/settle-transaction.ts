import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { recordConversion } from '../affiliates';
import { returnQuota, takeQuota } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { paymentTransactions, type TransactionStatus } from '../db/schema';
import { releaseDiscount } from './discounts';
import { grantPurchase, reversePurchase, type TransactionRow } from './grant-purchase';
import type { ProviderPayment, ProviderPaymentStatus } from './payment-provider';
import { afterPremiumPaid, afterPremiumReversed, renewalTransaction } from './renewals';
import { nudgeOutbox } from '../outbox';
import { queueFailedRenewalMail } from './transaction-mail';
import { queueReceipt } from './send-receipt';
import { grantRefusal, refundUngranted, type GrantRefusal } from './ungranted-payment';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Provider states that end a payment without money, and what our transaction then says. */
const UNPAID_FINAL: Partial<Record<ProviderPaymentStatus, TransactionStatus>> = {
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/**
 * docs/product.md §11 Exactly once: brings the transaction of the provider's payment
 * `providerPaymentId` up to date by asking the provider (never from a webhook body). A payment of
 * one of our subscriptions we have not seen yet (a premium renewal) gets its transaction first.
 * - open → paid (for the amount and currency we asked): marking it paid and granting (credits +
 *   bonus with a ledger row, or premium months) happen in one database transaction guarded by
 *   `status = 'open'`, so duplicated, concurrent or late webhooks, the return page and the
 *   reconciliation job may all call this at once and it grants exactly once. The one call that
 *   grants sends the receipt (and starts the premium subscription).
 * - open → refunded instead when it may not be granted (`grantRefusal`: its one-time discount was
 *   used by a checkout paid first, or it would start a second renewing premium plan): the payment
 *   is refunded in full at the provider and nothing is granted (`refundUngranted`).
 * - open → failed / cancelled / expired: its discount is freed; a failed renewal is mailed.
 * - paid → refunded when the provider reports it refunded or charged back in full: what it
 *   granted is taken back, guarded by `status = 'paid'` (exactly once too).
 * @returns the transaction's status afterwards; `not_found` for a payment we did not create
 * with this provider, or of another site than `options.site` (the site the webhook came to):
 * nothing changes. An id no transaction has is asked about at the provider at most once a minute
 * (docs/product.md §11 Limits); within that minute it is `not_found` without a provider call.
 * @throws PaymentProviderError when the provider cannot be reached (nothing changes; a later
 * webhook or the reconciliation job tries again).
 */
export async function settleTransaction(
  ctx: AppContext,
  providerPaymentId: string,
  options: { site?: string } = {},
): Promise<Result<{ status: TransactionStatus }, 'not_found'>> {
  let transaction: TransactionRow | null = (await findTransaction(ctx, providerPaymentId)) ?? null;
  if (transaction && options.site !== undefined && transaction.site !== options.site) return fail('not_found');
  if (transaction && transaction.status !== 'open' && transaction.status !== 'paid')
    return ok({ status: transaction.status });
  // An id we have no transaction for (a renewal on first sight, or anyone's guess) is looked up
  // at the provider at most once a minute, so posting made-up ids costs no provider calls.
  const lookup = `${ctx.payments.name}:${providerPaymentId}`;
  if (!transaction && !(await takeQuota(ctx, 'paymentLookup', lookup, 1)).allowed) return fail('not_found');
  let payment: ProviderPayment | null;
  try {
    payment = await ctx.payments.getPayment(providerPaymentId);
  } catch (error) {
    if (!transaction) await returnQuota(ctx, 'paymentLookup', lookup, 1);
    throw error;
  }
  if (!payment) return fail('not_found');
  transaction ??= await renewalTransaction(ctx, payment);
  if (!transaction || (options.site !== undefined && transaction.site !== options.site)) return fail('not_found');
  if (transaction.status === 'paid') return settlePaid(ctx, transaction, payment);
  const now = ctx.clock.now();
  if (payment.status === 'paid') {
    if (payment.amountCents !== transaction.amountCents || payment.currency !== transaction.currency) {
      // Never grant for a payment that does not match what we asked for; an operator must look.
      ctx.log.error('paid amount differs from the transaction', { transaction: transaction.id });
      return ok({ status: 'open' });
    }
    const open = transaction;
    let refusal: GrantRefusal | null = null;
    const granted = await ctx.db
      .transaction(async (tx) => {
        const [won] = await tx
          .update(paymentTransactions)
          .set({
            status: 'paid',
            paidAt: now,
            updatedAt: now,
            mandateId: payment.mandateId ?? open.mandateId,
            customerId: payment.customerId ?? open.customerId,
          })
          .where(and(eq(paymentTransactions.id, open.id), eq(paymentTransactions.status, 'open')))
          .returning({ id: paymentTransactions.id });
        if (!won) return false;
        refusal = await grantRefusal(tx, open, now);
        if (refusal) tx.rollback();
        await grantPurchase(tx, open, payment, now);
        await recordConversion(tx, ctx.sites, { userId: open.userId, event: 'sale', transaction: open, now });
        await queueReceipt({ ...ctx, db: tx }, open.id);
        return true;
      })
      .catch((error: unknown) => {
        if (refusal && error instanceof TransactionRollbackError) return false;
        throw error;
      });
    if (refusal) return ok({ status: await refundUngranted(ctx, open, payment, refusal) });
    if (granted) {
      ctx.log.info('purchase paid', { userId: open.userId, transaction: open.id, product: open.product });
      nudgeOutbox(ctx);
      if (open.product === 'premium') await afterPremiumPaid(ctx, open);
    }
    return granted ? ok({ status: 'paid' }) : storedStatus(ctx, open.id);
  }
  const final = UNPAID_FINAL[payment.status];
  if (!final) return ok({ status: 'open' });
  const ended = transaction;
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status: final, updatedAt: now })
      .where(and(eq(paymentTransactions.id, ended.id), eq(paymentTransactions.status, 'open')))
      .returning({ id: paymentTransactions.id });
    if (row) await releaseDiscount(tx, ended.id);
    // Only a payment of our subscription is a renewal (a one-click premium purchase is recurring too).
    if (row && ended.product === 'premium' && payment.subscriptionId !== null)
      await queueFailedRenewalMail({ ...ctx, db: tx }, ended.id);
    return Boolean(row);
  });
  if (!changed) return storedStatus(ctx, ended.id);
  nudgeOutbox(ctx);
  return ok({ status: final });
}

/** A paid transaction: reversed once when the provider reports it refunded or charged back in full. */
async function settlePaid(
  ctx: AppContext,
  transaction: TransactionRow,
  payment: ProviderPayment,
): Promise<Result<{ status: TransactionStatus }, never>> {
  const takenBack = payment.amountRefundedCents + payment.amountChargedBackCents;
  if (takenBack < transaction.amountCents) {
    if (takenBack > 0) ctx.log.warn('partial refund left as it is', { transaction: transaction.id });
    return ok({ status: 'paid' });
  }
  await reversePaidTransaction(ctx, transaction, payment.amountChargedBackCents > 0 ? 'chargeback' : 'refund');
  return ok({ status: 'refunded' });
}

/**
 * docs/product.md §11 Refunds: the one reversal of a paid transaction, for a provider's refund or
 * chargeback report and for an operator's refund alike. Moving it to `refunded`, taking back what it
 * granted (`reversePurchase`), recording the `refund`/`chargeback` conversion and `alsoInTransaction`
 * (e.g. the operator's audit row) happen in one database transaction guarded by `status = 'paid'`;
 * a reversed premium plan then stops renewing.
 * @returns true when this call reversed it, false when it was no longer paid (nothing changed).
 */
export async function reversePaidTransaction(
  ctx: AppContext,
  transaction: TransactionRow,
  reason: 'refund' | 'chargeback',
  alsoInTransaction?: (tx: Tx, now: Date) => Promise<void>,
): Promise<boolean> {
  const now = ctx.clock.now();
  const reversed = await ctx.db.transaction(async (tx) => {
    const [won] = await tx
      .update(paymentTransactions)
      .set({ status: 'refunded', refundedAt: now, updatedAt: now })
      .where(and(eq(paymentTransactions.id, transaction.id), eq(paymentTransactions.status, 'paid')))
      .returning({ id: paymentTransactions.id });
    if (!won) return false;
    await reversePurchase(tx, transaction, reason, now);
    await recordConversion(tx, ctx.sites, { userId: transaction.userId, event: reason, transaction, now });
    await alsoInTransaction?.(tx, now);
    return true;
  });
  if (reversed) {
    ctx.log.info('purchase reversed', { userId: transaction.userId, transaction: transaction.id, reason });
    if (transaction.product === 'premium') await afterPremiumReversed(ctx, transaction);
  }
  return reversed;
}

async function findTransaction(ctx: AppContext, providerPaymentId: string): Promise<TransactionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, ctx.payments.name),
        eq(paymentTransactions.providerPaymentId, providerPaymentId),
      ),
    )
    .limit(1);
  return row;
}

/** The stored status of a transaction another caller settled first. */
async function storedStatus(ctx: AppContext, id: number): Promise<Result<{ status: TransactionStatus }, never>> {
  const [row] = await ctx.db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id));
  return ok({ status: row!.status });
}
