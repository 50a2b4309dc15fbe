import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments';
import { defineContract, noParams } from './define';

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
  method: 'POST',
  path: '/api/payment.php',
  auth: 'member',
  query: noParams,
  body: z.strictObject({
    package: z.string().regex(/^[a-z0-9-]{1,40}$/),
    method: z.enum(PAYMENT_METHODS),
    return_path: returnPath.default('/credits'),
  }),
  response: z.object({ transaction: z.string(), checkout_url: z.string() }),
  errors: [
    'not_logged_in',
    'validation_failed',
    'payments_not_available',
    'not_found',
    'method_not_available',
    'payment_provider_unavailable',
  ],
});

export const transactionStatusSchema = z.enum(['open', 'paid', 'failed', 'cancelled', 'expired', 'refunded']);

/**
 * `GET /api/transaction.php?id=` (docs/product.md §11, `/transactions/:transactionId` is public): a
 * transaction's status by its unguessable id, asking the provider while it is open (the return
 * page may arrive before the webhook), and what it grants. Nothing personal is in it.
 */
export const transactionContract = defineContract({
  method: 'GET',
  path: '/api/transaction.php',
  auth: 'visitor',
  query: z.strictObject({ id: z.string().regex(/^[\w-]{22}$/) }),
  body: z.undefined(),
  response: z.object({
    status: transactionStatusSchema,
    package: z.string(),
    credits: z.number().int(),
    bonus_credits: z.number().int(),
    amount_cents: z.number().int(),
    currency: z.string(),
    return_path: z.string(),
  }),
  errors: ['validation_failed', 'not_found', 'payment_provider_unavailable'],
});
