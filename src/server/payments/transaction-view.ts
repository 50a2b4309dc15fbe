import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { paymentTransactions, type TransactionStatus } from '../db/schema';
import { PaymentProviderError } from './payment-provider';
import { settleTransaction } from './settle-transaction';

/** What `/transactions/:transactionId` shows of a transaction (nothing personal). */
export interface TransactionView {
  status: TransactionStatus;
  product: 'credits' | 'premium';
  package: string;
  premium_months: number;
  discount_cents: number;
  credits: number;
  bonus_credits: number;
  amount_cents: number;
  currency: string;
  return_path: string;
}

/**
 * docs/product.md §11: a transaction by its public id. While it is open the provider is asked
 * (the member's return may come before the webhook), which settles it exactly once like a webhook.
 * Failures: `not_found` (no such id), `payment_provider_unavailable` (open, and the provider
 * cannot be reached now: the page asks again).
 */
export async function viewTransaction(
  ctx: AppContext,
  publicId: string,
): Promise<Result<TransactionView, 'not_found' | 'payment_provider_unavailable'>> {
  const row = await readTransaction(ctx, publicId);
  if (!row) return fail('not_found');
  if (row.status === 'open' && row.providerPaymentId && row.provider === ctx.payments.name) {
    try {
      await settleTransaction(ctx, row.providerPaymentId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return fail('payment_provider_unavailable');
    }
    return ok(toView((await readTransaction(ctx, publicId))!));
  }
  return ok(toView(row));
}

/**
 * What the transaction page renders on the server (docs/product.md §11 `/transactions/:transactionId`):
 * `viewTransaction`, or the stored state when the provider cannot be reached now (the page then
 * keeps asking); null for an unknown id (the page answers 404).
 */
export async function transactionPageView(ctx: AppContext, publicId: string): Promise<TransactionView | null> {
  const viewed = await viewTransaction(ctx, publicId);
  if (viewed.ok) return viewed.value;
  if (viewed.code === 'not_found') return null;
  const row = await readTransaction(ctx, publicId);
  return row ? toView(row) : null;
}

async function readTransaction(ctx: AppContext, publicId: string) {
  const [row] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.publicId, publicId))
    .limit(1);
  return row;
}

function toView(row: typeof paymentTransactions.$inferSelect): TransactionView {
  return {
    status: row.status,
    product: row.product,
    package: row.productId,
    premium_months: row.premiumMonths,
    discount_cents: row.discountCents,
    credits: row.credits,
    bonus_credits: row.bonusCredits,
    amount_cents: row.amountCents,
    currency: row.currency,
    return_path: row.returnPath,
  };
}
