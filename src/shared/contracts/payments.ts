import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments';
import { defineContract, noParams } from './define';
import * as routes from './routes';

const productId = z.string().regex(/^[a-z0-9-]{1,40}$/);
const discountCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, { error: 'discounts.not_found' });

/** A path of this site to return to after paying (no scheme, no host, no `//`). */
const returnPath = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[\w\-./?=&%#]*$/, { error: 'validation.not_allowed' });

/**
 * `POST /api/payment.php` (docs/product.md §11 A purchase): starts buying a credit package with a
 * payment method offered in the member's country (the country of their profile). The browser
 * then goes to `checkout_url`; `/transactions/{transaction}` shows how it ends.
 */
export const startPurchaseContract = defineContract({
  ...routes.startPurchase,
  auth: 'member',
  query: noParams,
  body: z.strictObject({
    /** A credit package, or a premium plan (`package` is then the plan's id). */
    product: z.enum(['credits', 'premium']).default('credits'),
    package: productId,
    method: z.enum(PAYMENT_METHODS),
    /** A discount code typed on /credits (credit packages only). */
    discount_code: discountCode.optional(),
    /** Repeat order: charge the stored mandate of this method when there is one. */
    use_mandate: z.boolean().default(false),
    return_path: returnPath.default('/credits'),
  }),
  /** `checkout_url` is the provider's checkout, or `/transactions/{transaction}` when a mandate was charged. */
  response: z.object({ transaction: z.string(), checkout_url: z.string() }),
  errors: [
    'not_logged_in',
    'validation_failed',
    'payments_not_available',
    'not_found',
    'method_not_available',
    'payment_provider_unavailable',
    'discount_not_found',
    'discount_expired',
    'discount_used',
    'premium_active',
    'rate_limited',
  ],
});

export const transactionStatusSchema = z.enum(['open', 'paid', 'failed', 'cancelled', 'expired', 'refunded']);

/**
 * `GET /api/transaction.php?id=` (docs/product.md §11, `/transactions/:transactionId` is public): a
 * transaction's status by its unguessable id, asking the provider while it is open (the return
 * page may arrive before the webhook), and what it grants. Nothing personal is in it.
 */
export const transactionContract = defineContract({
  ...routes.transaction,
  auth: 'visitor',
  query: z.strictObject({ id: z.string().regex(/^[\w-]{22}$/) }),
  body: z.undefined(),
  response: z.object({
    status: transactionStatusSchema,
    product: z.enum(['credits', 'premium']),
    package: z.string(),
    premium_months: z.number().int(),
    discount_cents: z.number().int(),
    credits: z.number().int(),
    bonus_credits: z.number().int(),
    amount_cents: z.number().int(),
    currency: z.string(),
    return_path: z.string(),
  }),
  errors: ['validation_failed', 'not_found', 'payment_provider_unavailable'],
});

/**
 * `GET /api/discountcode.php?code=` or `?welcome=true` (SPEC §3 Discount code, welcome discount,
 * time bonus; docs/product.md §11 Discounts): what the code (or the welcome discount / accepted
 * stay offer) takes off each credit package for this member now, until when, and the time bonus.
 */
export const discountCodeContract = defineContract({
  ...routes.discountCode,
  auth: 'member',
  query: z
    .strictObject({ code: discountCode.optional(), welcome: z.enum(['true']).optional() })
    .refine((query) => (query.code === undefined) !== (query.welcome === undefined), {
      error: 'validation.required',
      path: ['code'],
    }),
  body: z.undefined(),
  response: z.object({
    code: z.string(),
    percent: z.number().int().nullable(),
    currency: z.string(),
    /** Fixed amount off in `currency` (null for a percentage). */
    amount_cents: z.number().int().nullable(),
    /** ISO instant until which it can be used (the welcome countdown), null when open-ended. */
    valid_until: z.string().nullable(),
    packages: z.array(z.object({ id: z.string(), price_cents: z.number().int(), discounted_cents: z.number().int() })),
    /** The time bonus running now: extra credits in percent of each package, and its end. */
    time_bonus: z.object({ percent: z.number().int(), until: z.string() }).nullable(),
  }),
  errors: [
    'not_logged_in',
    'validation_failed',
    'payments_not_available',
    'discount_not_found',
    'discount_expired',
    'discount_used',
  ],
});

export const premiumStatusSchema = z.object({
  /** ISO instant premium runs until, null when never premium. */
  premium_until: z.string().nullable(),
  is_premium: z.boolean(),
  /** The plan that renews (or was cancelled and runs out), null when none. */
  subscription: z
    .object({
      plan: z.string(),
      months: z.number().int(),
      status: z.enum(['active', 'cancelled']),
      amount_cents: z.number().int(),
      currency: z.string(),
    })
    .nullable(),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

/** `GET /api/premium.php` (docs/product.md §11 Premium): the member's premium state and plan. */
export const premiumContract = defineContract({
  ...routes.premium,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: premiumStatusSchema,
  errors: ['not_logged_in'],
});

/**
 * `DELETE /api/premium.php` (docs/product.md §11 Premium cancel): stops the member's plan from
 * renewing; premium stays until `premium_until`.
 */
export const cancelPremiumContract = defineContract({
  ...routes.cancelPremium,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: premiumStatusSchema,
  errors: ['not_logged_in', 'not_found', 'payment_provider_unavailable'],
});
