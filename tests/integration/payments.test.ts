import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { creditLedger, paymentTransactions, sandboxPayments, users } from '../../src/server/db/schema';
import { periodicJobs } from '../../src/server/lifecycle/periodic-jobs';
import { PaymentProviderError, type PaymentProvider } from '../../src/server/payments/payment-provider';
import type { SandboxOutcome, SandboxProvider } from '../../src/server/payments/sandbox-provider';
import { lastPurchase } from '../../src/server/payments/last-purchase';
import '../../src/server/payments/reconcile';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { startPurchase, type StartPurchaseInput } from '../../src/server/payments/start-purchase';
import type { PaymentMethod } from '../../src/shared/payments';
import { useTestContext } from '../helpers/context';
import { createMember, established } from '../helpers/factories';

/** docs/product.md §11 Payments: starting a purchase, and settling it exactly once. */
const { ctx, clock, secondProcess } = useTestContext();
const sandbox = (context: AppContext = ctx()) => context.payments as SandboxProvider;
const site = () => ctx().sites.byPackageName.get('amora')!;

async function buy(userId: number, extra: Partial<StartPurchaseInput> = {}, context = ctx()) {
  const started = await startPurchase(context, {
    userId,
    site: site(),
    country: 'NL',
    product: 'credits',
    productId: 'popular',
    method: 'ideal',
    origin: 'https://amora.test',
    returnPath: '/chats/7',
    ...extra,
  });
  if (!started.ok) throw new Error(`purchase refused: ${started.code}`);
  const [row] = await ctx()
    .db.select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.publicId, started.value.transactionId));
  return { ...started.value, row: row! };
}
async function pay(providerPaymentId: string, outcome: SandboxOutcome = 'paid') {
  expect(await sandbox().complete(providerPaymentId, outcome)).not.toBeNull();
}
const balance = async (userId: number) =>
  (await ctx().db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;
const purchaseLedger = () => ctx().db.select().from(creditLedger).where(isNotNull(creditLedger.transactionId));

describe('starting a purchase', () => {
  it('writes an open transaction with the price, currency and VAT of the member’s country before the checkout', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const { row, checkoutUrl, transactionId } = await buy(member);
    expect(transactionId).toMatch(/^[\w-]{22}$/);
    expect(checkoutUrl).toBe(`/payments/sandbox/${row.providerPaymentId}`);
    expect(row).toMatchObject({
      userId: member,
      status: 'open',
      productId: 'popular',
      credits: 120,
      bonusCredits: 20,
      amountCents: 1999,
      currency: 'EUR',
      vatBp: 2100,
      vatCents: 347,
      country: 'NL',
      method: 'ideal',
      provider: 'sandbox',
      returnPath: '/chats/7',
    });
    const payment = await sandbox().getPayment(row.providerPaymentId!);
    expect(payment).toMatchObject({ status: 'open', amountCents: 1999, currency: 'EUR' });
    expect(payment!.metadata).toEqual({ transaction: transactionId });
    // Another country, another currency and VAT.
    const us = await buy(member, { country: 'US', method: 'creditcard' });
    expect(us.row).toMatchObject({ amountCents: 2199, currency: 'USD', vatCents: 0 });
  });

  it('refuses an unknown package, a method the country does not offer, and a site that sells nothing', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const attempt = (extra: Partial<StartPurchaseInput>) =>
      startPurchase(ctx(), {
        userId: member,
        site: site(),
        country: 'NL',
        product: 'credits',
        productId: 'popular',
        method: 'ideal',
        origin: 'https://amora.test',
        returnPath: '/credits',
        ...extra,
      });
    expect(await attempt({ productId: 'gold-bars' })).toMatchObject({ ok: false, code: 'not_found' });
    expect(await attempt({ country: 'DE', method: 'ideal' as PaymentMethod })).toMatchObject({
      ok: false,
      code: 'method_not_available',
    });
    expect(await attempt({ site: { ...site(), payments: undefined } })).toMatchObject({
      ok: false,
      code: 'payments_not_available',
    });
    expect(await ctx().db.select().from(paymentTransactions)).toEqual([]);
  });

  it('marks the transaction failed when the provider refuses, and charges nothing', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const refusing: PaymentProvider = {
      name: 'sandbox',
      createPayment: () => Promise.reject(new PaymentProviderError('503 from provider')),
      getPayment: () => Promise.resolve(null),
      createCustomer: () => Promise.resolve('cst_1'),
      createSubscription: () => Promise.reject(new PaymentProviderError('503 from provider')),
      cancelSubscription: () => Promise.reject(new PaymentProviderError('503 from provider')),
      refundPayment: () => Promise.reject(new PaymentProviderError('503 from provider')),
    };
    const started = await startPurchase(
      { ...ctx(), payments: refusing },
      {
        userId: member,
        site: site(),
        country: 'NL',
        product: 'credits',
        productId: 'starter',
        method: 'ideal',
        origin: 'https://amora.test',
        returnPath: '/credits',
      },
    );
    expect(started).toMatchObject({ ok: false, code: 'payment_provider_unavailable' });
    const rows = await ctx().db.select().from(paymentTransactions);
    expect(rows.map((row) => [row.status, row.providerPaymentId])).toEqual([['failed', null]]);
    expect(await balance(member)).toBe(0);
  });
});

describe('settling exactly once', () => {
  it('grants 20 payments exactly once under 50 concurrent webhooks each plus the return page, from two processes', async () => {
    const other = await secondProcess();
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(ctx(), established(ctx()))));
    const purchases = [];
    for (let i = 0; i < 20; i++) purchases.push(await buy(members[i % 4]!, { productId: i % 2 ? 'starter' : 'value' }));
    for (const purchase of purchases) await pay(purchase.row.providerPaymentId!);

    const deliveries = purchases.flatMap((purchase) =>
      Array.from({ length: 51 }, (_, n) => settleTransaction(n % 2 ? other : ctx(), purchase.row.providerPaymentId!)),
    );
    const results = await Promise.all(deliveries);
    expect(results.every((result) => result.ok && result.value.status === 'paid')).toBe(true);

    const ledger = await purchaseLedger();
    expect(ledger).toHaveLength(20);
    expect(new Set(ledger.map((row) => row.transactionId)).size).toBe(20);
    for (const [index, member] of members.entries()) {
      const mine = purchases.filter((_, i) => i % 4 === index);
      const expected = mine.reduce((sum, purchase) => sum + purchase.row.credits + purchase.row.bonusCredits, 0);
      expect(await balance(member)).toBe(expected);
    }
    const statuses = await ctx().db.select({ status: paymentTransactions.status }).from(paymentTransactions);
    expect(statuses.every((row) => row.status === 'paid')).toBe(true);
  });

  it('grants nothing for a failed, cancelled or expired payment and records the outcome', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const outcomes: [SandboxOutcome, string][] = [
      ['failed', 'failed'],
      ['canceled', 'cancelled'],
      ['expired', 'expired'],
    ];
    for (const [outcome, status] of outcomes) {
      const { row } = await buy(member);
      await pay(row.providerPaymentId!, outcome);
      expect(await settleTransaction(ctx(), row.providerPaymentId!)).toEqual({ ok: true, value: { status } });
      // A final payment stays final: the sandbox will not turn it into paid.
      expect(await sandbox().complete(row.providerPaymentId!, 'paid')).toBeNull();
    }
    expect(await balance(member)).toBe(0);
    expect(await purchaseLedger()).toEqual([]);
  });

  it('leaves an open payment open, and changes nothing for a payment it did not create', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const { row } = await buy(member);
    expect(await settleTransaction(ctx(), row.providerPaymentId!)).toEqual({ ok: true, value: { status: 'open' } });
    expect(await settleTransaction(ctx(), 'tr_sb_unknown')).toEqual({ ok: false, code: 'not_found' });
    // The same id at another provider is not ours either.
    const elsewhere = { ...ctx(), payments: { ...ctx().payments, name: 'mollie' } };
    await pay(row.providerPaymentId!);
    expect(await settleTransaction(elsewhere, row.providerPaymentId!)).toEqual({ ok: false, code: 'not_found' });
    expect(await balance(member)).toBe(0);
  });

  it('never grants when the provider reports another amount than the transaction asked for', async () => {
    const member = await createMember(ctx(), established(ctx()));
    const { row } = await buy(member);
    await ctx()
      .db.update(sandboxPayments)
      .set({ amountCents: 1 })
      .where(eq(sandboxPayments.id, row.providerPaymentId!));
    await pay(row.providerPaymentId!);
    expect(await settleTransaction(ctx(), row.providerPaymentId!)).toEqual({ ok: true, value: { status: 'open' } });
    expect(await balance(member)).toBe(0);
  });
});

describe('reconciliation', () => {
  it('grants a paid payment whose webhook never came, once, on the job’s runs after a minute', async () => {
    const job = periodicJobs().find((each) => each.name === 'payment-reconciliation')!;
    expect(job).toBeDefined();
    const member = await createMember(ctx(), established(ctx()));
    const { row } = await buy(member, { productId: 'starter' });
    await pay(row.providerPaymentId!);
    // Younger than a minute: left to its webhook.
    await job.run(ctx());
    expect(await balance(member)).toBe(0);
    clock.advance(61_000);
    await Promise.all([job.run(ctx()), job.run(ctx())]);
    await job.run(ctx());
    expect(await balance(member)).toBe(50);
    expect(await purchaseLedger()).toHaveLength(1);
    const paid = await ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.status, 'paid'));
    expect(paid.map((each) => each.id)).toEqual([row.id]);
  });
});

describe('the last purchase (repeat order)', () => {
  it('is the latest paid package and method at today’s price, and nothing when it is no longer offered', async () => {
    const member = await createMember(ctx(), { ...established(ctx()), country: 'NL' });
    expect(await lastPurchase(ctx(), site(), member, 'NL')).toBeNull();
    const unpaid = await buy(member, { productId: 'max', method: 'creditcard' });
    await pay(unpaid.row.providerPaymentId!, 'failed');
    await settleTransaction(ctx(), unpaid.row.providerPaymentId!);
    for (const [productId, method] of [
      ['starter', 'paypal'],
      ['value', 'ideal'],
    ] as const) {
      const { row } = await buy(member, { productId, method });
      await pay(row.providerPaymentId!);
      clock.advance(1_000);
      await settleTransaction(ctx(), row.providerPaymentId!);
    }
    expect(await lastPurchase(ctx(), site(), member, 'NL')).toEqual({
      package: { id: 'value', credits: 300, bonus_credits: 75, badge: 'best_value', price_cents: 3999 },
      method: 'ideal',
      currency: 'EUR',
    });
    // In Belgium iDEAL is not offered; a site without that package has nothing to repeat.
    expect(await lastPurchase(ctx(), site(), member, 'BE')).toBeNull();
    const withoutValue = {
      ...site(),
      payments: { ...site().payments!, packages: site().payments!.packages.filter((pack) => pack.id !== 'value') },
    };
    expect(await lastPurchase(ctx(), withoutValue, member, 'NL')).toBeNull();
  });
});
