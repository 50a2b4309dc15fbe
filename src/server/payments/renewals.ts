import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { vatIncluded } from '~/shared/payments';
import type { AppContext } from '../context';
import { paymentTransactions, subscriptions, users } from '../db/schema';
import { siteOrigin } from '../outbox';
import type { TransactionRow } from './grant-purchase';
import type { ProviderPayment } from './payment-provider';
import { PAYMENT_WEBHOOK_PATH } from './start-purchase';

/**
 * docs/product.md §11 Premium renewals: the provider's subscription charges the member's mandate
 * every period and reports each payment to our webhook; this module turns such a payment into a
 * transaction, starts the provider's subscription after the first payment, and mails a failed
 * renewal.
 */

/**
 * The transaction of a renewal payment of one of our subscriptions, created on first sight
 * (unique per provider payment id, so concurrent webhooks create one), or null when the payment
 * belongs to no subscription of ours.
 */
export async function renewalTransaction(ctx: AppContext, payment: ProviderPayment): Promise<TransactionRow | null> {
  if (!payment.subscriptionId) return null;
  const [subscription] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, ctx.payments.name),
        eq(subscriptions.providerSubscriptionId, payment.subscriptionId),
      ),
    );
  if (!subscription) return null;
  const now = ctx.clock.now();
  await ctx.db
    .insert(paymentTransactions)
    .values({
      publicId: randomBytes(16).toString('base64url'),
      userId: subscription.userId,
      site: subscription.site,
      product: 'premium',
      productId: subscription.planId,
      credits: 0,
      bonusCredits: 0,
      premiumMonths: subscription.months,
      subscriptionId: subscription.id,
      amountCents: subscription.amountCents,
      currency: subscription.currency,
      vatCents: vatIncluded(subscription.amountCents, subscription.vatBp),
      vatBp: subscription.vatBp,
      country: subscription.country,
      method: subscription.method,
      provider: ctx.payments.name,
      providerPaymentId: payment.id,
      sequenceType: 'recurring',
      customerId: payment.customerId,
      mandateId: payment.mandateId,
      returnPath: '/premium',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.provider, ctx.payments.name), eq(paymentTransactions.providerPaymentId, payment.id)),
    );
  return row ?? null;
}

/**
 * After a premium payment was granted: starts the provider's subscription of a newly active plan,
 * first charge at the new end of premium. Claimed with a conditional UPDATE so one process creates
 * it; a provider failure is logged and retried by the reconciliation job.
 */
export async function afterPremiumPaid(
  ctx: AppContext,
  transaction: Pick<TransactionRow, 'subscriptionId'>,
): Promise<void> {
  if (transaction.subscriptionId !== null) await startProviderSubscription(ctx, transaction.subscriptionId);
}

/** Starts the provider's subscription of an active plan that has none yet (see `afterPremiumPaid`). */
export async function startProviderSubscription(ctx: AppContext, subscriptionId: number): Promise<void> {
  const claim = `creating:${randomBytes(8).toString('hex')}`;
  const [subscription] = await ctx.db
    .update(subscriptions)
    .set({ providerSubscriptionId: claim })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.status, 'active'),
        isNull(subscriptions.providerSubscriptionId),
      ),
    )
    .returning();
  if (!subscription?.customerId || !subscription.mandateId) {
    if (subscription) await releaseClaim(ctx, subscriptionId, claim);
    return;
  }
  const [user] = await ctx.db
    .select({ premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, subscription.userId));
  const site = ctx.sites.byPackageName.get(subscription.site);
  try {
    const id = await ctx.payments.createSubscription({
      customerId: subscription.customerId,
      mandateId: subscription.mandateId,
      amountCents: subscription.amountCents,
      currency: subscription.currency,
      intervalMonths: subscription.months,
      startDate: (user?.premiumUntil ?? ctx.clock.now()).toISOString().slice(0, 10),
      description: `${site?.name ?? subscription.site}: Premium ${subscription.months}m #${subscription.id}`,
      webhookUrl: `${site ? siteOrigin(ctx, site) : ''}${PAYMENT_WEBHOOK_PATH}`,
      metadata: { subscription: String(subscription.id) },
    });
    // Stored only while the plan is still active under our claim: a member who cancelled meanwhile
    // must not be charged, so the subscription just made is cancelled again.
    const [stored] = await ctx.db
      .update(subscriptions)
      .set({ providerSubscriptionId: id, updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.status, 'active'),
          eq(subscriptions.providerSubscriptionId, claim),
        ),
      )
      .returning({ id: subscriptions.id });
    if (!stored) {
      await ctx.payments.cancelSubscription(subscription.customerId, id);
      await ctx.db
        .update(subscriptions)
        .set({ providerSubscriptionId: id })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.providerSubscriptionId, claim)));
    }
  } catch (error) {
    ctx.log.warn('starting a premium subscription failed', { subscription: subscriptionId, error });
    await releaseClaim(ctx, subscriptionId, claim);
  }
}

async function releaseClaim(ctx: AppContext, subscriptionId: number, claim: string): Promise<void> {
  await ctx.db
    .update(subscriptions)
    .set({ providerSubscriptionId: null })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.providerSubscriptionId, claim)));
}

/** Active plans whose provider subscription is missing (a failed start): started again. */
export async function startMissingSubscriptions(ctx: AppContext): Promise<void> {
  const missing = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        isNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.provider, ctx.payments.name),
      ),
    )
    .limit(100);
  for (const row of missing) await startProviderSubscription(ctx, row.id);
}

/**
 * docs/product.md §11 Premium cancel: stops the renewals of the member's active plan at the
 * provider, then marks it cancelled. Premium itself runs to `users.premium_until`.
 * @returns false when the member has no active plan.
 * @throws PaymentProviderError when the provider cannot be reached (nothing changes).
 */
export async function cancelSubscription(ctx: AppContext, userId: number, subscriptionId?: number): Promise<boolean> {
  const active = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        subscriptionId === undefined ? undefined : eq(subscriptions.id, subscriptionId),
      ),
    );
  for (const subscription of active) {
    if (
      subscription.customerId &&
      subscription.providerSubscriptionId &&
      !subscription.providerSubscriptionId.startsWith('creating:')
    )
      await ctx.payments.cancelSubscription(subscription.customerId, subscription.providerSubscriptionId);
    const now = ctx.clock.now();
    await ctx.db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    ctx.log.info('premium cancelled', { userId, subscription: subscription.id });
  }
  return active.length > 0;
}

/** After a premium payment was refunded or charged back: its plan renews no more. */
export async function afterPremiumReversed(ctx: AppContext, transaction: TransactionRow): Promise<void> {
  if (transaction.subscriptionId === null) return;
  try {
    await cancelSubscription(ctx, transaction.userId, transaction.subscriptionId);
  } catch (error) {
    ctx.log.warn('cancelling a reversed premium plan failed', { subscription: transaction.subscriptionId, error });
  }
}
