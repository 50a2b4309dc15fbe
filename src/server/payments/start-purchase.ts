import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { forCountry, vatIncluded, type PaymentMethod } from '~/shared/payments';
import type { AppContext } from '../context';
import { paymentTransactions, profiles } from '../db/schema';
import type { SiteConfig } from '../sites/site-config';
import { PaymentProviderError } from './payment-provider';

/** Path of the provider's webhook on our side; the provider posts `id=<payment id>` to it. */
export const PAYMENT_WEBHOOK_PATH = '/api/payment_webhook.php';

export interface StartPurchaseInput {
  userId: number;
  site: SiteConfig;
  /**
   * The country (ISO alpha-2) whose currency, VAT rate and methods apply; when left out, the
   * country of the member's profile.
   */
  country?: string | null;
  packageId: string;
  method: PaymentMethod;
  /** Origin of the request (`https://amora.example`), for the provider's return and webhook URLs. */
  origin: string;
  /** Where to send the member back after paying (a path of this site). */
  returnPath: string;
}

/**
 * docs/product.md §11 Buying credits: writes the payment transaction (status `open`, with the
 * package's credits, bonus, price, currency and VAT for the member's country fixed now), then
 * creates the payment at the provider and stores its id.
 * @returns the transaction's public id and the checkout URL to send the member to.
 * Failures: `payments_not_available` (the site sells nothing), `not_found` (no such package),
 * `method_not_available` (not offered in that country), `payment_provider_unavailable` (the
 * provider refused or could not be reached; the transaction is marked failed, nothing charged).
 */
export async function startCreditsPurchase(
  ctx: AppContext,
  input: StartPurchaseInput,
): Promise<
  Result<
    { transactionId: string; checkoutUrl: string },
    'payments_not_available' | 'not_found' | 'method_not_available' | 'payment_provider_unavailable'
  >
> {
  const payments = input.site.payments;
  if (!payments) return fail('payments_not_available');
  const pack = payments.packages.find((candidate) => candidate.id === input.packageId);
  if (!pack) return fail('not_found');
  const country = (input.country === undefined ? await profileCountry(ctx, input.userId) : input.country) ?? 'default';
  if (!forCountry(payments.methods_by_country, country).includes(input.method)) return fail('method_not_available');
  const currency = forCountry(payments.currency_by_country, country);
  const amountCents = pack.prices[currency]!;
  const vatBp = forCountry(payments.vat_bp_by_country, country);
  const publicId = randomBytes(16).toString('base64url');
  const now = ctx.clock.now();

  const [transaction] = await ctx.db
    .insert(paymentTransactions)
    .values({
      publicId,
      userId: input.userId,
      site: input.site.package_name,
      product: 'credits',
      productId: pack.id,
      credits: pack.credits,
      bonusCredits: pack.bonus_credits,
      amountCents,
      currency,
      vatCents: vatIncluded(amountCents, vatBp),
      vatBp,
      country,
      method: input.method,
      provider: ctx.payments.name,
      returnPath: input.returnPath,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: paymentTransactions.id });
  try {
    const payment = await ctx.payments.createPayment({
      amountCents,
      currency,
      description: `${input.site.name}: ${pack.credits + pack.bonus_credits} credits`,
      method: input.method,
      redirectUrl: `${input.origin}/transactions/${publicId}`,
      webhookUrl: `${input.origin}${PAYMENT_WEBHOOK_PATH}`,
      metadata: { transaction: publicId },
    });
    await ctx.db
      .update(paymentTransactions)
      .set({ providerPaymentId: payment.id, updatedAt: ctx.clock.now() })
      .where(eq(paymentTransactions.id, transaction!.id));
    ctx.log.info('purchase started', { userId: input.userId, transaction: transaction!.id, product: pack.id });
    return ok({ transactionId: publicId, checkoutUrl: payment.checkoutUrl });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await ctx.db
      .update(paymentTransactions)
      .set({ status: 'failed', updatedAt: ctx.clock.now() })
      .where(eq(paymentTransactions.id, transaction!.id));
    ctx.log.warn('payment provider refused a payment', { transaction: transaction!.id, error });
    return fail('payment_provider_unavailable');
  }
}

async function profileCountry(ctx: AppContext, userId: number): Promise<string | null> {
  const [profile] = await ctx.db.select({ country: profiles.country }).from(profiles).where(eq(profiles.id, userId));
  return profile?.country ?? null;
}
