import { fail, ok, type Result } from '~/shared/errors';
import { discountedPrice, forCountry } from '~/shared/payments';
import type { AppContext } from '../context';
import type { SiteConfig } from '../platform/sites/site-config';
import {
  currentTimeBonus,
  discountTerms,
  findAutomaticDiscount,
  findCodeDiscount,
  type DiscountFailure,
} from './discounts';
import { profileCountry } from './purchase-quote';

/** What `GET /api/discountcode.php` answers (docs/product.md §11 Discounts). */
export interface DiscountOfferView {
  code: string;
  percent: number | null;
  currency: string;
  amount_cents: number | null;
  valid_until: string | null;
  packages: { id: string; price_cents: number; discounted_cents: number }[];
  time_bonus: { percent: number; until: string } | null;
}

/**
 * The discount `code` (or, when null, the member's automatic discount: accepted stay offer or
 * welcome discount) applied to each credit package in the member's currency, with the running
 * time bonus. Failures: `payments_not_available`, and those of `findCodeDiscount` /
 * `findAutomaticDiscount`.
 */
export async function discountOffer(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  code: string | null,
): Promise<Result<DiscountOfferView, 'payments_not_available' | DiscountFailure>> {
  const payments = site.payments;
  if (!payments) return fail('payments_not_available');
  const found = code
    ? await findCodeDiscount(ctx, payments.discounts, userId, code)
    : await findAutomaticDiscount(ctx, payments.discounts, userId);
  if (!found.ok) return found;
  const discount = found.value;
  const currency = forCountry(payments.currency_by_country, await profileCountry(ctx, userId));
  const terms = discountTerms(discount, currency);
  const bonus = currentTimeBonus(payments.discounts, ctx.clock.now());
  return ok({
    code: discount.code,
    percent: discount.percent,
    currency,
    amount_cents: 'offCents' in terms ? terms.offCents : null,
    valid_until: discount.validUntil?.toISOString() ?? null,
    packages: payments.packages.map((pack) => ({
      id: pack.id,
      price_cents: pack.prices[currency]!,
      discounted_cents: discountedPrice(pack.prices[currency]!, terms),
    })),
    time_bonus: bonus ? { percent: bonus.percent, until: bonus.until.toISOString() } : null,
  });
}
