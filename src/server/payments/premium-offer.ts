import { forCountry, type PaymentMethod } from '~/shared/payments';
import type { SiteConfig } from '../platform/sites/site-config';

/** A premium plan as a member of one country sees it (cents, VAT included). */
export interface OfferedPlan {
  id: string;
  months: number;
  badge: 'popular' | 'best_value' | null;
  price_cents: number;
  /** The price spread over its months (cents, rounded). */
  per_month_cents: number;
}

/**
 * docs/product.md §11 Premium: the site's premium plans for `country` (ISO alpha-2) in its
 * currency with the methods offered there, or null when the site sells no premium.
 */
export function premiumOffer(
  site: SiteConfig,
  country: string | null,
): { currency: string; methods: PaymentMethod[]; plans: OfferedPlan[] } | null {
  const payments = site.payments;
  if (!payments || payments.plans.length === 0) return null;
  const currency = forCountry(payments.currency_by_country, country);
  return {
    currency,
    methods: forCountry(payments.methods_by_country, country),
    plans: payments.plans.map((plan) => ({
      id: plan.id,
      months: plan.months,
      badge: plan.badge ?? null,
      price_cents: plan.prices[currency]!,
      per_month_cents: Math.round(plan.prices[currency]! / plan.months),
    })),
  };
}
