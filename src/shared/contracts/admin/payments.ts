import { z } from 'zod';
import { idParam, textField } from '../fields';
import { noParams } from '../define';
import { checkDayRange } from './day-range';
import { defineAdminContract } from './define';
import { SECTION_ROLES } from './roles';

/** The Payments section (docs/product.md §13 Payments): finance operators and admins. */

const isoDate = z.iso.datetime({ offset: true });
const site = textField().trim().min(1).max(64);
const pageBefore = idParam.optional();

export const TRANSACTION_STATUS_VALUES = ['open', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const REVENUE_GROUPING_VALUES = ['day', 'site', 'country', 'currency'] as const;

/** A payment transaction as the console lists it; amounts in cents of `currency`. */
export const transactionItemSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  memberEmail: z.string().nullable(),
  site: z.string(),
  product: z.enum(['credits', 'premium']),
  productId: z.string(),
  credits: z.number(),
  bonusCredits: z.number(),
  premiumMonths: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  vatCents: z.number(),
  discountCode: z.string().nullable(),
  discountCents: z.number(),
  country: z.string(),
  method: z.string(),
  sequenceType: z.enum(['oneoff', 'first', 'recurring']),
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUS_VALUES),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  refundedAt: isoDate.nullable(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

/** `GET /admin/api/payments/transactions`: newest first, filtered; `before` (an id) pages back. */
export const adminTransactionsContract = defineAdminContract({
  name: 'adminTransactions',
  method: 'GET',
  path: '/admin/api/payments/transactions',
  roles: SECTION_ROLES.payments,
  query: z
    .strictObject({
      site: site.optional(),
      status: z.enum(TRANSACTION_STATUS_VALUES).optional(),
      method: textField().trim().max(32).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      member: idParam.optional(),
      before: pageBefore,
    })
    .superRefine(checkDayRange),
  body: noParams.optional(),
  response: z.object({ transactions: z.array(transactionItemSchema), hasMore: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter'],
});

/**
 * `POST /admin/api/payments/transactions/:id/refund`: refunds a paid transaction in full at its
 * provider and reverses what it granted; answers the transaction and the member's balance after.
 */
export const adminRefundTransactionContract = defineAdminContract({
  name: 'adminRefundTransaction',
  method: 'POST',
  path: '/admin/api/payments/transactions/:id/refund',
  roles: SECTION_ROLES.payments,
  query: noParams,
  body: noParams.optional(),
  response: z.object({
    transaction: transactionItemSchema,
    member: z.object({ credits: z.number(), creditDebt: z.number(), premiumUntil: isoDate.nullable() }),
    refundedAtProviderCents: z.number(),
  }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict', 'payment_provider_unavailable'],
});

const revenueRowSchema = z.object({
  key: z.string(),
  currency: z.string(),
  payments: z.number(),
  paidCents: z.number(),
  refunds: z.number(),
  refundedCents: z.number(),
  netCents: z.number(),
});
export type RevenueRowView = z.infer<typeof revenueRowSchema>;

/** `GET /admin/api/payments/revenue?from&to&by`: paid minus refunded per group and currency (cents). */
export const adminRevenueContract = defineAdminContract({
  name: 'adminRevenue',
  method: 'GET',
  path: '/admin/api/payments/revenue',
  roles: SECTION_ROLES.payments,
  query: z
    .strictObject({
      from: z.iso.date(),
      to: z.iso.date(),
      by: z.enum(REVENUE_GROUPING_VALUES).default('day'),
      site: site.optional(),
    })
    .superRefine(checkDayRange),
  body: noParams.optional(),
  response: z.object({
    rows: z.array(revenueRowSchema),
    /** The whole period per currency (`key` ''). */
    totals: z.array(revenueRowSchema),
  }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter'],
});

const failedRenewalSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  memberEmail: z.string().nullable(),
  site: z.string(),
  planId: z.string(),
  months: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  method: z.string(),
  failedAt: isoDate,
  subscriptionId: z.number(),
  subscriptionStatus: z.enum(['pending', 'active', 'cancelled']),
  premiumUntil: isoDate.nullable(),
});

/** `GET /admin/api/payments/failed-renewals`: premium renewals the provider could not charge, recent first. */
export const adminFailedRenewalsContract = defineAdminContract({
  name: 'adminFailedRenewals',
  method: 'GET',
  path: '/admin/api/payments/failed-renewals',
  roles: SECTION_ROLES.payments,
  query: z.strictObject({ site: site.optional(), before: pageBefore }),
  body: noParams.optional(),
  response: z.object({ renewals: z.array(failedRenewalSchema), hasMore: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter'],
});
