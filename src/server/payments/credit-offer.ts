import { forCountry, type OfferedPackage, type PaymentMethod } from '~/shared/payments';

export type { OfferedPackage };
import type { SiteConfig } from '../platform/sites/site-config';

/** What a member of `country` can buy on the site and how they can pay (docs/product.md §11). */
export interface CreditOffer {
  currency: string;
  methods: PaymentMethod[];
  packages: OfferedPackage[];
}

/** The site's credit packages and payment methods for `country` (ISO alpha-2), or null when the site sells nothing. */
export function creditOffer(site: SiteConfig, country: string | null): CreditOffer | null {
  const payments = site.payments;
  if (!payments) return null;
  const currency = forCountry(payments.currency_by_country, country);
  return {
    currency,
    methods: forCountry(payments.methods_by_country, country),
    packages: payments.packages.map((pack) => ({
      id: pack.id,
      credits: pack.credits,
      bonus_credits: pack.bonus_credits,
      badge: pack.badge ?? null,
      price_cents: pack.prices[currency]!,
    })),
  };
}

/**
 * What /credits has chosen when it opens (docs/product.md §11 Screens): the wanted package and
 * method (from `/credits/:creditId/:paymentMethod?`) when this member can buy them, else the
 * popular package (or the first) and the country's first method.
 */
export function initialChoice(
  offer: CreditOffer,
  wanted: { packageId: string | null; method: string | null },
): { packageId: string; method: PaymentMethod } {
  const wantedPackage = offer.packages.find((pack) => pack.id === wanted.packageId);
  const popular = offer.packages.find((pack) => pack.badge === 'popular') ?? offer.packages[0]!;
  const wantedMethod = offer.methods.find((method) => method === wanted.method);
  return { packageId: (wantedPackage ?? popular).id, method: wantedMethod ?? offer.methods[0]! };
}
