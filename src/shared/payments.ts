/**
 * What a site sells and how it is paid for (docs/product.md §11 Payments): credit packages with
 * prices per currency, the currency and VAT rate per country, and the payment methods offered per
 * country. Keys of the per-country maps are ISO 3166 alpha-2 codes or `default`. Amounts are
 * integer cents (minor units), VAT included. The site configuration's schemas of all this are in
 * ./payments-config.ts, apart, so the browser can use these lists and helpers without zod.
 */

/** Payment methods by their providers' common ids. */
export const PAYMENT_METHODS = ['creditcard', 'paypal', 'ideal', 'bancontact', 'przelewy24', 'blik'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods whose paid first payment leaves a mandate for later charges without the payer (repeat orders, renewals). */
export const MANDATE_METHODS: readonly PaymentMethod[] = ['creditcard', 'paypal', 'ideal', 'bancontact'];

/** Methods shown by their brand name in every language; the others have an i18n key `credits.method_{id}`. */
export const PAYMENT_METHOD_BRANDS: Partial<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  przelewy24: 'Przelewy24',
  blik: 'BLIK',
};

/** A credit package as a member of one country sees it (price in that country's currency, VAT included). */
export interface OfferedPackage {
  id: string;
  credits: number;
  bonus_credits: number;
  badge: 'popular' | 'best_value' | null;
  price_cents: number;
}

/** Formats integer cents of an ISO currency for a BCP 47 locale tag (`€ 19,99`, `$21.99`). */
export function formatMoney(cents: number, currency: string, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { style: 'currency', currency }).format(cents / 100);
}

/** The value of a per-country map for `country`, else its `default` (a value of 0 counts: a VAT rate can be 0). */
export function forCountry<T>(map: Record<string, T>, country: string | null): T {
  return country !== null && Object.hasOwn(map, country) ? map[country]! : map.default!;
}

/**
 * The VAT contained in a VAT-inclusive price (cents, rounded half up):
 * `amount × rate / (1 + rate)` with the rate in basis points.
 */
export function vatIncluded(amountCents: number, vatBp: number): number {
  return Math.round((amountCents * vatBp) / (10_000 + vatBp));
}

/**
 * A price after a discount (cents): `percent` off rounded to the cent, or a fixed amount off; never
 * below 100 minor units (a floor every provider and method accepts).
 */
export function discountedPrice(priceCents: number, discount: { percent: number } | { offCents: number }): number {
  const off = 'percent' in discount ? Math.round((priceCents * discount.percent) / 100) : discount.offCents;
  return Math.max(100, priceCents - off);
}

/** The extra credits a time bonus of `percent` gives on a package of `credits` (rounded down). */
export const timeBonusCredits = (credits: number, percent: number): number => Math.floor((credits * percent) / 100);

export type { DiscountsConfig, PaymentsConfig } from './payments-config';
