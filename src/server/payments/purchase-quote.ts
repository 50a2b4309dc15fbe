import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { discountedPrice, forCountry, timeBonusCredits, type PaymentsConfig } from '~/shared/payments';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import {
  currentTimeBonus,
  discountTerms,
  findAutomaticDiscount,
  findCodeDiscount,
  type Discount,
  type DiscountFailure,
} from './discounts';

/** What a member would pay and get for one product now (docs/product.md §11). */
export interface PurchaseQuote {
  product: 'credits' | 'premium';
  productId: string;
  country: string;
  currency: string;
  vatBp: number;
  /** List price and price to pay (cents, VAT included); they differ by `discountCents`. */
  listCents: number;
  amountCents: number;
  discountCents: number;
  discount: Discount | null;
  credits: number;
  /** The package's bonus plus a running time bonus. */
  bonusCredits: number;
  premiumMonths: number;
}

export interface QuoteInput {
  userId: number;
  payments: PaymentsConfig;
  /** ISO alpha-2, or undefined for the country of the member's profile. */
  country?: string | null;
  product: 'credits' | 'premium';
  productId: string;
  /**
   * A discount code the member typed; without one the automatic discount (stay offer, welcome)
   * applies when there is one. Discounts and time bonuses apply to credit packages only.
   */
  discountCode?: string | null;
}

/**
 * Prices one credit package or premium plan for a member: the country's currency and VAT, the
 * discount (code or automatic) and the time bonus.
 * Failures: `not_found` (no such package or plan), the `DiscountFailure`s of a typed code.
 */
export async function quotePurchase(
  ctx: AppContext,
  input: QuoteInput,
): Promise<Result<PurchaseQuote, 'not_found' | DiscountFailure>> {
  const { payments } = input;
  const country = (input.country === undefined ? await profileCountry(ctx, input.userId) : input.country) ?? 'default';
  const currency = forCountry(payments.currency_by_country, country);
  const base = {
    product: input.product,
    productId: input.productId,
    country,
    currency,
    vatBp: forCountry(payments.vat_bp_by_country, country),
  };
  if (input.product === 'premium') {
    const plan = payments.plans.find((candidate) => candidate.id === input.productId);
    if (!plan) return fail('not_found');
    const price = plan.prices[currency]!;
    return ok({
      ...base,
      listCents: price,
      amountCents: price,
      discountCents: 0,
      discount: null,
      credits: 0,
      bonusCredits: 0,
      premiumMonths: plan.months,
    });
  }
  const pack = payments.packages.find((candidate) => candidate.id === input.productId);
  if (!pack) return fail('not_found');
  let discount: Discount | null;
  if (input.discountCode) {
    const found = await findCodeDiscount(ctx, payments.discounts, input.userId, input.discountCode);
    if (!found.ok) return found;
    discount = found.value;
  } else {
    const automatic = await findAutomaticDiscount(ctx, payments.discounts, input.userId);
    discount = automatic.ok ? automatic.value : null;
  }
  const listCents = pack.prices[currency]!;
  const amountCents = discount ? discountedPrice(listCents, discountTerms(discount, currency)) : listCents;
  const bonus = currentTimeBonus(payments.discounts, ctx.clock.now());
  return ok({
    ...base,
    listCents,
    amountCents,
    discountCents: listCents - amountCents,
    discount: amountCents < listCents ? discount : null,
    credits: pack.credits,
    bonusCredits: pack.bonus_credits + (bonus ? timeBonusCredits(pack.credits, bonus.percent) : 0),
    premiumMonths: 0,
  });
}

/** The country (ISO alpha-2) of the member's profile, or null when unset. */
export async function profileCountry(ctx: AppContext, userId: number): Promise<string | null> {
  const [profile] = await ctx.db.select({ country: profiles.country }).from(profiles).where(eq(profiles.id, userId));
  return profile?.country ?? null;
}
