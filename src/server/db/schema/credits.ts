import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Credit tables: the ledger of every change of a member's balance (the balance itself is
 * `users.credits`) and the payment transactions that buy credits (docs/product.md §11).
 */

/** Every change of a member's credit balance (docs/architecture.md §6, convention 12). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Credits added (positive) or spent (negative). */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** The payment transaction behind a purchase, refund or chargeback row. */
    transactionId: integer('transaction_id').references((): AnyPgColumn => paymentTransactions.id),
    /**
     * Credits a reversal (refund, chargeback) could not take because they were already spent; the
     * member owes them (`users.credit_debt`) and cannot send until a later purchase settles them.
     */
    shortfall: integer('shortfall').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_transaction_idx').on(t.transactionId),
  ],
);

/** Where a payment stands (docs/product.md §11): `open` until the provider says otherwise. */
export const TRANSACTION_STATUSES = ['open', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * One payment of a member (docs/product.md §11 Payments), written before the member is sent to
 * the provider. What it grants (credits + bonus) is fixed when it is created; granting and
 * marking it paid happen in one database transaction guarded by `status = 'open'`, so it grants
 * exactly once. Amounts in integer cents, VAT included. Rows are never deleted (accounting).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unguessable id of `/transactions/:transactionId` (128 random bits, base64url). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    site: text('site').notNull(),
    /** What is bought: a credit package or a premium plan (`productId` names which). */
    product: text('product', { enum: ['credits', 'premium'] }).notNull(),
    productId: text('product_id').notNull(),
    /** Months of premium a premium transaction grants (0 for credits). */
    premiumMonths: integer('premium_months').notNull().default(0),
    /** The premium subscription a first or renewal payment belongs to. */
    subscriptionId: integer('subscription_id'),
    /** `first` payments leave a mandate; `recurring` ones charge it (repeat orders, renewals). */
    sequenceType: text('sequence_type', { enum: ['oneoff', 'first', 'recurring'] })
      .notNull()
      .default('oneoff'),
    /** The provider's customer and the mandate the payment created or used. */
    customerId: text('customer_id'),
    mandateId: text('mandate_id'),
    /** The discount applied (a code, `@welcome` or `@stay`) and what it took off the price (cents). */
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    credits: integer('credits').notNull(),
    bonusCredits: integer('bonus_credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    vatCents: integer('vat_cents').notNull(),
    vatBp: integer('vat_bp').notNull(),
    country: text('country').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('open'),
    /** Where the member goes back to after paying (a path of this site). */
    returnPath: text('return_path').notNull().default('/credits'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When a refund or chargeback reversed what the payment granted. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transactions_public_idx').on(t.publicId),
    uniqueIndex('payment_transactions_provider_idx').on(t.provider, t.providerPaymentId),
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    index('payment_transactions_open_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The sandbox payment provider's own records (docs/product.md §11 sandbox): what a real provider
 * keeps on its side. Only `src/server/payments/sandbox-provider.ts` reads or writes it.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  status: text('status', { enum: ['open', 'paid', 'failed', 'canceled', 'expired'] })
    .notNull()
    .default('open'),
  sequenceType: text('sequence_type').notNull().default('oneoff'),
  customerId: text('customer_id'),
  /** The mandate a paid `first` payment created, or the one a `recurring` payment charged. */
  mandateId: text('mandate_id'),
  subscriptionId: text('subscription_id'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  amountChargedBackCents: integer('amount_charged_back_cents').notNull().default(0),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's subscriptions: its scheduler charges the mandate every
 * `intervalMonths` from `nextPaymentAt` and reports each renewal payment to the webhook.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  mandateId: text('mandate_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  intervalMonths: integer('interval_months').notNull(),
  nextPaymentAt: timestamp('next_payment_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['active', 'canceled'] })
    .notNull()
    .default('active'),
  webhookUrl: text('webhook_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox mandates a payer's bank has revoked: charging them fails (to exercise failed renewals). */
export const sandboxRevokedMandates = pgTable('sandbox_revoked_mandates', {
  mandateId: text('mandate_id').primaryKey(),
});
