import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { paymentTransactions, subscriptions } from '../../src/server/db/schema';
import { createMollieProvider } from '../../src/server/payments/mollie-provider';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { startPurchase, type StartPurchaseInput } from '../../src/server/payments/start-purchase';
import { useTestContext } from '../helpers/context';
import { useMollieStandIn } from '../helpers/mollie-stand-in';
import { purchaseHelpers } from '../helpers/purchases';

/**
 * docs/product.md §11 with Mollie as the provider: the whole purchase path of the app (start,
 * webhook → fetch → grant, repeat order on the mandate, premium's subscription, refund) against the
 * loopback stand-in of the Mollie API.
 */
const { ctx, clock } = useTestContext();
const standIn = useMollieStandIn();
const p = purchaseHelpers(ctx, clock);
const withMollie = (): AppContext => ({
  ...ctx(),
  payments: createMollieProvider({ apiKey: standIn().apiKey, apiEndpoint: standIn().url, timeoutMs: 5_000 }),
});

async function start(context: AppContext, userId: number, extra: Partial<StartPurchaseInput> = {}) {
  const started = await startPurchase(context, {
    userId,
    site: p.site(),
    product: 'credits',
    productId: 'popular',
    method: 'ideal',
    origin: 'https://amora.test',
    returnPath: '/credits',
    ...extra,
  });
  if (!started.ok) throw new Error(`refused: ${started.code}`);
  const [row] = await ctx()
    .db.select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.publicId, started.value.transactionId));
  return { ...started.value, row: row! };
}

describe('buying through Mollie', () => {
  it('grants a paid iDEAL purchase once, then charges its mandate for a repeat order without checkout', async () => {
    const mollie = withMollie();
    const member = await p.buyer();
    const first = await start(mollie, member);
    expect(first.row).toMatchObject({ provider: 'mollie', sequenceType: 'first', status: 'open' });
    expect(first.checkoutUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
    expect(await settleTransaction(mollie, first.row.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'open' },
    });
    standIn().setStatus(first.row.providerPaymentId!, 'paid');
    const settles = await Promise.all([1, 2, 3, 4].map(() => settleTransaction(mollie, first.row.providerPaymentId!)));
    expect(settles.every((each) => each.ok && each.value.status === 'paid')).toBe(true);
    expect((await p.user(member)).credits).toBe(140);
    const paid = await p.transaction(first.row.id);
    expect(paid.mandateId).toMatch(/^mdt_/);

    const repeat = await start(mollie, member, { useMandate: true });
    expect(repeat.checkoutUrl).toBe(`/transactions/${repeat.transactionId}`);
    expect(repeat.row).toMatchObject({ sequenceType: 'recurring', mandateId: paid.mandateId });
    standIn().setStatus(repeat.row.providerPaymentId!, 'paid');
    await settleTransaction(mollie, repeat.row.providerPaymentId!);
    expect((await p.user(member)).credits).toBe(280);
  });

  it('starts premium’s subscription on the mandate and reverses a refunded payment', async () => {
    const mollie = withMollie();
    const member = await p.buyer();
    const bought = await start(mollie, member, { product: 'premium', productId: 'premium-3m', returnPath: '/premium' });
    standIn().setStatus(bought.row.providerPaymentId!, 'paid');
    await settleTransaction(mollie, bought.row.providerPaymentId!);
    const [plan] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.userId, member));
    expect(plan).toMatchObject({ status: 'active', provider: 'mollie' });
    expect(plan!.providerSubscriptionId).toMatch(/^sub_/);
    const atMollie = standIn().subscription(plan!.providerSubscriptionId!) as Record<string, unknown>;
    expect(atMollie).toMatchObject({ interval: '3 months', amount: { currency: 'EUR', value: '59.99' } });
    expect((await p.user(member)).premiumUntil!.getTime()).toBeGreaterThan(clock.now().getTime());

    await mollie.payments.refundPayment(bought.row.providerPaymentId!, 5999, 'EUR');
    expect(await settleTransaction(mollie, bought.row.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'refunded' },
    });
    expect((await p.user(member)).premiumUntil!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    const [cancelled] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.userId, member));
    expect(cancelled!.status).toBe('cancelled');
    expect((standIn().subscription(plan!.providerSubscriptionId!) as Record<string, unknown>).status).toBe('canceled');
  });

  it('marks the transaction failed and charges nothing when Mollie refuses the payment', async () => {
    const mollie = withMollie();
    const member = await p.buyer();
    standIn().failNext(422, { detail: 'The amount is lower than the minimum' });
    const refused = await startPurchase(mollie, {
      userId: member,
      site: p.site(),
      product: 'credits',
      productId: 'starter',
      method: 'creditcard',
      origin: 'https://amora.test',
      returnPath: '/credits',
    });
    // The customer call came first and took the failure: nothing was created.
    expect(refused).toMatchObject({ ok: false, code: 'payment_provider_unavailable' });
    expect((await p.user(member)).credits).toBe(0);
  });
});
