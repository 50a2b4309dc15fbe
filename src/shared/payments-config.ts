import { z } from 'zod';
import { PAYMENT_METHODS } from './payments';

/**
 * The schemas of a site's payments configuration (docs/product.md §11 Payments): credit packages,
 * premium plans, discounts, currencies, VAT rates and methods per country (see ./payments.ts for
 * what the values mean). Read once when the server loads the site configuration.
 */

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

/** A premium plan (docs/product.md §11 Premium): `months` of premium, renewed every `months` until cancelled. */
export const premiumPlanSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  months: z.number().int().min(1).max(24),
  badge: z.enum(['popular', 'best_value']).optional(),
  /** Price per period in cents (VAT included) per currency. */
  prices: z.record(currencyCode, z.number().int().positive().max(100_000_00)),
});

const isoInstant = z.iso.datetime({ offset: true });

/**
 * A discount code (docs/product.md §11 Discounts): `percent` off, or `amount_cents` off per
 * currency, on credit packages, valid from/until (ISO instants, both optional), once per member.
 * Codes are matched case-insensitively and stored upper-case.
 */
export const discountCodeSchema = z
  .strictObject({
    code: z
      .string()
      .regex(/^[A-Za-z0-9-]{3,32}$/)
      .transform((code) => code.toUpperCase()),
    percent: z.number().int().min(1).max(90).optional(),
    amount_cents: z.record(currencyCode, z.number().int().positive()).optional(),
    valid_from: isoInstant.optional(),
    valid_until: isoInstant.optional(),
  })
  .refine((code) => (code.percent === undefined) !== (code.amount_cents === undefined), {
    error: 'a discount code needs either percent or amount_cents',
  });

export const discountsConfigSchema = z.strictObject({
  codes: z.array(discountCodeSchema).default([]),
  /** `percent` off a member's first purchase made within `hours` of signing up. */
  welcome: z
    .strictObject({ percent: z.number().int().min(1).max(90), hours: z.number().int().min(1).max(720) })
    .optional(),
  /** Extra credits (`percent` of a package's credits) on every package bought during the window. */
  time_bonus: z
    .array(z.strictObject({ percent: z.number().int().min(1).max(500), from: isoInstant, until: isoInstant }))
    .default([]),
});
export type DiscountsConfig = z.infer<typeof discountsConfigSchema>;

export const paymentsConfigSchema = z
  .strictObject({
    currency_by_country: perCountry(currencyCode),
    /** VAT rate in basis points (2100 = 21 %). */
    vat_bp_by_country: perCountry(z.number().int().min(0).max(5000)),
    methods_by_country: perCountry(z.array(z.enum(PAYMENT_METHODS)).min(1)),
    packages: z.array(creditPackageSchema).min(1),
    plans: z.array(premiumPlanSchema).default([]),
    discounts: discountsConfigSchema.default({ codes: [], time_bonus: [] }),
  })
  .superRefine((config, issue) => {
    const ids = new Set<string>();
    for (const pack of [...config.packages, ...config.plans]) {
      if (ids.has(pack.id)) issue.addIssue({ code: 'custom', message: `package id "${pack.id}" is used twice` });
      ids.add(pack.id);
      for (const currency of new Set(Object.values(config.currency_by_country)))
        if (!(currency in pack.prices))
          issue.addIssue({ code: 'custom', message: `package "${pack.id}" has no price in ${currency}` });
    }
    const codes = new Set<string>();
    for (const discount of config.discounts.codes) {
      if (codes.has(discount.code))
        issue.addIssue({ code: 'custom', message: `discount code "${discount.code}" is listed twice` });
      codes.add(discount.code);
      for (const currency of new Set(Object.values(config.currency_by_country)))
        if (discount.amount_cents && !(currency in discount.amount_cents))
          issue.addIssue({ code: 'custom', message: `discount code "${discount.code}" has no amount in ${currency}` });
    }
  });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
