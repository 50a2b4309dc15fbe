import { randomBytes } from 'node:crypto';
import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { forCountry, MANDATE_METHODS, vatIncluded, type PaymentMethod } from '~/shared/payments';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { paymentTransactions, subscriptions } from '../db/schema';
import type { SiteConfig } from '../platform/sites/site-config';
import { releaseDiscount, reserveDiscount, type DiscountFailure } from './discounts';
import { paymentCustomer } from './payment-customer';
import { PaymentProviderError, type SequenceType } from './payment-provider';
import { quotePurchase } from './purchase-quote';
import { storedMandate } from './stored-mandate';

/** Path of the provider's webhook on our side; the provider posts `id=<payment id>` to it. */
export const PAYMENT_WEBHOOK_PATH = '/api/payment_webhook.php';

/** Path of a transaction's status page. */
export const transactionPath = (publicId: string) => `/transactions/${publicId}`;

export interface StartPurchaseInput {
  userId: number;
  site: SiteConfig;
  /** ISO alpha-2 whose currency, VAT and methods apply; left out = the member's profile country. */
  country?: string | null;
  product: 'credits' | 'premium';
  /** The credit package or premium plan id. */
  productId: string;
  method: PaymentMethod;
  /** A discount code the member typed (credit packages only). */
  discountCode?: string | null;
  /**
   * Repeat order: charge the member's stored mandate for this method without a checkout when
   * there is one (else the checkout opens as usual).
   */
  useMandate?: boolean;
  /** Origin of the request (`https://amora.example`), for the provider's return and webhook URLs. */
  origin: string;
  /** Where to send the member back after paying (a path of this site). */
  returnPath: string;
}

export type StartPurchaseFailure =
  | 'payments_not_available'
  | 'not_found'
  | 'method_not_available'
  | 'payment_provider_unavailable'
  | 'premium_active'
  | 'rate_limited'
  | DiscountFailure;

/**
 * docs/product.md §11 A purchase: prices the package or plan (`quotePurchase`), writes the payment
 * transaction (status `open`; for premium also its subscription, `pending`) and holds its discount
 * in one database transaction, then creates the payment at the provider — a `first` payment for
 * methods that leave a mandate, or a `recurring` charge of a stored mandate for a repeat order —
 * and stores its id.
 * @returns the transaction's public id and where to send the member: the provider's checkout,
 * or the transaction page when a mandate was charged.
 * Failures: `payments_not_available` (the site sells nothing), `not_found` (no such package or
 * plan), `method_not_available` (not offered in that country), the discount failures of a typed
 * code, `premium_active` (a premium plan of the member still renews: one plan at a time),
 * `payment_provider_unavailable` (the provider refused or could not be reached: the
 * transaction is marked failed, nothing charged), `rate_limited` (`credits.start_limit`, with
 * seconds to wait: more than 10 purchases started by the member in 10 minutes, every attempt counts).
 */
export async function startPurchase(
  ctx: AppContext,
  input: StartPurchaseInput,
): Promise<Result<{ transactionId: string; checkoutUrl: string }, StartPurchaseFailure>> {
  const payments = input.site.payments;
  if (!payments) return fail('payments_not_available');
  const limit = await hitRateLimit(ctx, 'paymentStart', `user:${input.userId}`);
  if (!limit.allowed) return { ...rateLimited(limit.retryAfterS), message: 'credits.start_limit' };
  const quoted = await quotePurchase(ctx, { ...input, payments });
  if (!quoted.ok) return quoted;
  const quote = quoted.value;
  if (!forCountry(payments.methods_by_country, quote.country).includes(input.method))
    return fail('method_not_available');
  if (quote.product === 'premium' && (await hasRenewingPlan(ctx, input.userId))) return fail('premium_active');

  const mandate = input.useMandate ? await storedMandate(ctx, input.userId, input.method) : null;
  const sequenceType: SequenceType = mandate
    ? 'recurring'
    : MANDATE_METHODS.includes(input.method) || input.product === 'premium'
      ? 'first'
      : 'oneoff';
  let customerId: string | null = mandate?.customerId ?? null;
  if (sequenceType === 'first') {
    try {
      customerId = await paymentCustomer(ctx, input.userId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      ctx.log.warn('payment provider refused a customer', { error });
      return fail('payment_provider_unavailable');
    }
  }

  const publicId = randomBytes(16).toString('base64url');
  const now = ctx.clock.now();
  const created = await ctx.db
    .transaction(async (tx) => {
      let subscriptionId: number | null = null;
      if (quote.product === 'premium') {
        const [subscription] = await tx
          .insert(subscriptions)
          .values({
            userId: input.userId,
            site: input.site.package_name,
            planId: quote.productId,
            months: quote.premiumMonths,
            amountCents: quote.amountCents,
            currency: quote.currency,
            vatBp: quote.vatBp,
            country: quote.country,
            method: input.method,
            provider: ctx.payments.name,
            customerId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: subscriptions.id });
        subscriptionId = subscription!.id;
      }
      const [row] = await tx
        .insert(paymentTransactions)
        .values({
          publicId,
          userId: input.userId,
          site: input.site.package_name,
          product: quote.product,
          productId: quote.productId,
          credits: quote.credits,
          bonusCredits: quote.bonusCredits,
          premiumMonths: quote.premiumMonths,
          subscriptionId,
          amountCents: quote.amountCents,
          currency: quote.currency,
          vatCents: vatIncluded(quote.amountCents, quote.vatBp),
          vatBp: quote.vatBp,
          country: quote.country,
          method: input.method,
          provider: ctx.payments.name,
          sequenceType,
          customerId,
          mandateId: mandate?.mandateId ?? null,
          discountCode: quote.discount?.code ?? null,
          discountCents: quote.discountCents,
          returnPath: input.returnPath,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: paymentTransactions.id });
      if (quote.discount && !(await reserveDiscount(tx, input.userId, quote.discount.code, row!.id))) {
        tx.rollback();
      }
      return row!;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (!created) return fail('discount_used');

  const description =
    quote.product === 'premium'
      ? `${input.site.name}: Premium ${quote.premiumMonths}m`
      : `${input.site.name}: ${quote.credits + quote.bonusCredits} credits`;
  try {
    const payment = await ctx.payments.createPayment({
      amountCents: quote.amountCents,
      currency: quote.currency,
      description,
      method: sequenceType === 'recurring' ? undefined : input.method,
      sequenceType,
      customerId: customerId ?? undefined,
      mandateId: mandate?.mandateId,
      redirectUrl: `${input.origin}${transactionPath(publicId)}`,
      webhookUrl: `${input.origin}${PAYMENT_WEBHOOK_PATH}`,
      metadata: { transaction: publicId },
    });
    await ctx.db
      .update(paymentTransactions)
      .set({ providerPaymentId: payment.id, updatedAt: ctx.clock.now() })
      .where(eq(paymentTransactions.id, created.id));
    ctx.log.info('purchase started', {
      userId: input.userId,
      transaction: created.id,
      product: quote.productId,
      sequenceType,
    });
    return ok({ transactionId: publicId, checkoutUrl: payment.checkoutUrl ?? transactionPath(publicId) });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await ctx.db
      .update(paymentTransactions)
      .set({ status: 'failed', updatedAt: ctx.clock.now() })
      .where(eq(paymentTransactions.id, created.id));
    await releaseDiscount(ctx.db, created.id);
    ctx.log.warn('payment provider refused a payment', { transaction: created.id, error });
    return fail('payment_provider_unavailable');
  }
}

async function hasRenewingPlan(ctx: AppContext, userId: number): Promise<boolean> {
  const [plan] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return Boolean(plan);
}
