import { z } from 'zod';

/**
 * What a site sells and how it is paid for (docs/product.md §11 Payments): credit packages with
 * prices per currency, the currency and VAT rate per country, and the payment methods offered per
 * country. Keys of the per-country maps are ISO 3166 alpha-2 codes or `default`. Amounts are
 * integer cents (minor units), VAT included.
 */

/** Payment methods by their providers' common ids. */
export const PAYMENT_METHODS = ['creditcard', 'paypal', 'ideal', 'bancontact', 'przelewy24', 'blik'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods shown by their brand name in every language; the others have an i18n key `credits.method_{id}`. */
export const PAYMENT_METHOD_BRANDS: Partial<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  przelewy24: 'Przelewy24',
  blik: 'BLIK',
};

/** Formats integer cents of an ISO currency for a BCP 47 locale tag (`€ 19,99`, `$21.99`). */
export function formatMoney(cents: number, currency: string, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { style: 'currency', currency }).format(cents / 100);
}

const countryKey = z.union([z.string().regex(/^[A-Z]{2}$/), z.literal('default')]);
const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'an ISO 4217 code such as EUR' });
/** A per-country map that must name a `default` for every other country. */
const perCountry = <T extends z.ZodType>(value: T) =>
  z.record(countryKey, value).refine((map) => 'default' in map, { error: 'needs a "default" entry' });

export const creditPackageSchema = z.strictObject({
  /** Stable id used in URLs (`/credits/:creditId`) and on transactions. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  credits: z.number().int().positive().max(100_000),
  bonus_credits: z.number().int().min(0).max(100_000).default(0),
  badge: z.enum(['popular', 'best_value']).optional(),
  /** Price in cents (VAT included) per currency; every currency a country uses must be listed. */
  prices: z.record(currencyCode, z.number().int().positive().max(100_000_00)),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const paymentsConfigSchema = z
  .strictObject({
    currency_by_country: perCountry(currencyCode),
    /** VAT rate in basis points (2100 = 21 %). */
    vat_bp_by_country: perCountry(z.number().int().min(0).max(5000)),
    methods_by_country: perCountry(z.array(z.enum(PAYMENT_METHODS)).min(1)),
    packages: z.array(creditPackageSchema).min(1),
  })
  .superRefine((config, issue) => {
    const ids = new Set<string>();
    for (const pack of config.packages) {
      if (ids.has(pack.id)) issue.addIssue({ code: 'custom', message: `package id "${pack.id}" is used twice` });
      ids.add(pack.id);
      for (const currency of new Set(Object.values(config.currency_by_country)))
        if (!(currency in pack.prices))
          issue.addIssue({ code: 'custom', message: `package "${pack.id}" has no price in ${currency}` });
    }
  });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

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
