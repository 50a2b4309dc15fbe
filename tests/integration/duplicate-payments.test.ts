import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  creditLedger,
  discountRedemptions,
  paymentTransactions,
  sandboxPayments,
  subscriptions,
} from '../../src/server/db/schema';
import { premiumEndpoint } from '../../src/server/http/endpoints/payments';
import { runSandboxSubscriptions } from '../../src/server/payments/reconcile';
import { revenueReport } from '../../src/server/payments/revenue-report';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addMonths, purchaseHelpers } from '../helpers/purchases';
import { loggedInMember } from '../helpers/session';

/**
 * docs/product.md §11 Discounts and Premium: several checkouts opened before the first is paid —
 * one after another or at once, settled in two processes — redeem a one-time discount once and
 * start one renewing plan; every other paid one is refunded in full and grants nothing.
 */
const { ctx, clock, secondProcess } = useTestContext();
const p = purchaseHelpers(ctx, clock);
const HOUR_MS = 3_600_000;

const rowsOf = (userId: number) =>
  ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId));
const sandboxPayment = async (id: string) =>
  (await ctx().db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;
const purchaseRows = (userId: number) =>
  ctx()
    .db.select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .then((rows) => rows.filter((row) => row.reason.startsWith('purchase:')));

/** Pays every checkout at the sandbox, then settles them all at once from two processes. */
async function payAndSettleAll(providerPaymentIds: string[]) {
  const other = await secondProcess();
  for (const id of providerPaymentIds) await p.pay(id);
  const settled = await Promise.all(
    providerPaymentIds.flatMap((id) => [settleTransaction(ctx(), id), settleTransaction(other, id)]),
  );
  expect(settled.every((result) => result.ok)).toBe(true);
}

describe('a one-time discount on several checkouts', () => {
  it('grants the first of three welcome-discounted checkouts paid and refunds the other two in full', async () => {
    const id = await p.buyer({ createdAt: new Date(clock.now().getTime() - HOUR_MS) });
    const checkouts = [];
    for (let i = 0; i < 3; i++) checkouts.push((await p.buy(id)).row);
    expect(checkouts.map((row) => [row.amountCents, row.discountCode])).toEqual(
      Array.from({ length: 3 }, () => [1399, '@welcome']),
    );

    for (const row of checkouts) {
      await p.pay(row.providerPaymentId!);
      await settleTransaction(ctx(), row.providerPaymentId!);
    }
    const after = await Promise.all(checkouts.map((row) => p.transaction(row.id)));
    expect(after.map((row) => row.status)).toEqual(['paid', 'refunded', 'refunded']);
    // Received and refunded at once: in and out of the revenue report, net nothing.
    expect(after.slice(1).every((row) => row.paidAt !== null && row.refundedAt !== null)).toBe(true);
    const day = clock.now().toISOString().slice(0, 10);
    expect(await revenueReport(ctx(), { from: day, to: day, by: 'currency' })).toEqual([
      expect.objectContaining({ currency: 'EUR', payments: 3, paidCents: 3 * 1399, refunds: 2, netCents: 1399 }),
    ]);
    for (const row of checkouts.slice(1))
      expect((await sandboxPayment(row.providerPaymentId!)).amountRefundedCents).toBe(1399);
    expect((await sandboxPayment(checkouts[0]!.providerPaymentId!)).amountRefundedCents).toBe(0);
    expect((await p.user(id)).credits).toBe(checkouts[0]!.credits + checkouts[0]!.bonusCredits);
    expect(await purchaseRows(id)).toHaveLength(1);
    expect(await ctx().db.select().from(discountRedemptions).where(eq(discountRedemptions.userId, id))).toEqual([
      { userId: id, code: '@welcome', transactionId: checkouts[0]!.id, redeemedAt: clock.now() },
    ]);
    // A later webhook for a refunded one changes nothing.
    expect(await settleTransaction(ctx(), checkouts[2]!.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'refunded' },
    });
  });

  it('redeems WELCOME10 once when ten checkouts start and are paid at once', async () => {
    const id = await p.buyer();
    const other = await secondProcess();
    const started = await Promise.all(
      Array.from({ length: 10 }, (_, n) => p.buy(id, { discountCode: 'WELCOME10' }, n % 2 ? other : ctx())),
    );
    expect(started.every(({ row }) => row.amountCents === 1799 && row.discountCode === 'WELCOME10')).toBe(true);
    await payAndSettleAll(started.map(({ row }) => row.providerPaymentId!));

    const rows = await rowsOf(id);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'refunded')).toHaveLength(9);
    for (const row of rows.filter((one) => one.status === 'refunded'))
      expect((await sandboxPayment(row.providerPaymentId!)).amountRefundedCents).toBe(1799);
    expect(await purchaseRows(id)).toHaveLength(1);
    expect((await p.user(id)).credits).toBe(140);
  });
});

describe('several premium checkouts', () => {
  it('leaves one renewing plan and one provider subscription when five are paid; the other four are refunded', async () => {
    const { id, cookie } = await loggedInMember(ctx(), 'Noor', { country: 'NL' });
    const other = await secondProcess();
    const started = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        p.buy(id, { product: 'premium', productId: 'premium-1m' }, n % 2 ? other : ctx()),
      ),
    );
    await payAndSettleAll(started.map(({ row }) => row.providerPaymentId!));

    const rows = await rowsOf(id);
    expect(rows.map((row) => row.status).sort()).toEqual(['paid', 'refunded', 'refunded', 'refunded', 'refunded']);
    const paid = rows.find((row) => row.status === 'paid')!;
    const plans = await ctx().db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(plans.filter((plan) => plan.status === 'active').map((plan) => plan.id)).toEqual([paid.subscriptionId]);
    expect(plans.filter((plan) => plan.status === 'cancelled')).toHaveLength(4);
    const active = plans.find((plan) => plan.status === 'active')!;
    expect(active.providerSubscriptionId).toMatch(/^sub_/);
    expect(plans.filter((plan) => plan.providerSubscriptionId !== null)).toHaveLength(1);
    for (const row of rows.filter((one) => one.status === 'refunded'))
      expect((await sandboxPayment(row.providerPaymentId!)).amountRefundedCents).toBe(row.amountCents);
    expect((await p.user(id)).premiumUntil).toEqual(addMonths(clock.now(), 1));

    // The shown plan is the one that renews, and a period later one renewal is charged.
    const shown = await callApi(ctx(), premiumEndpoint, '/api/premium.php', { cookie });
    expect(shown.json).toMatchObject({ is_premium: true, subscription: { plan: 'premium-1m', status: 'active' } });
    clock.set(addMonths(clock.now(), 1));
    await runSandboxSubscriptions(ctx());
    const renewals = (await rowsOf(id)).filter((row) => row.sequenceType === 'recurring');
    expect(renewals).toHaveLength(1);
  });
});
