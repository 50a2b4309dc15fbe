import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Premium subscriptions, the members' customers at the payment provider (holders of mandates),
 * and the discounts members have redeemed (docs/product.md §11 Premium, Discounts).
 */

/**
 * A member's premium plan (docs/product.md §11 Premium). `pending` until its first payment is
 * paid, then `active` with the provider's subscription renewing it every `months`; `cancelled`
 * stops renewals and premium ends at `users.premium_until`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    site: text('site').notNull(),
    planId: text('plan_id').notNull(),
    months: integer('months').notNull(),
    /** What each renewal costs (cents, VAT included) in `currency`, fixed at purchase. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    vatBp: integer('vat_bp').notNull(),
    country: text('country').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    mandateId: text('mandate_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: ['pending', 'active', 'cancelled'] })
      .notNull()
      .default('pending'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_provider_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/** A member's customer id at a provider (created once, reused so mandates accumulate on it). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * One discount a member has used or is using (docs/product.md §11 Discounts): codes, the welcome
 * discount (`@welcome`) and the stay offer (`@stay`) apply once per member. The row is written with
 * the transaction that uses it, moves to a newer checkout that uses it, and is released when its
 * transaction ends unpaid; `redeemedAt` is set when that transaction is paid.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    transactionId: integer('transaction_id').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.code] }),
    index('discount_redemptions_transaction_idx').on(t.transactionId),
  ],
);
