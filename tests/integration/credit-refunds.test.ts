import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, paymentTransactions } from '../../src/server/db/schema';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { startPurchase } from '../../src/server/payments/start-purchase';
import { useTestContext } from '../helpers/context';
import { purchaseHelpers } from '../helpers/purchases';

/** docs/product.md §11 Refunds, chargebacks, webhooks of another site, repeat orders on a stored mandate. */
const { ctx, clock, secondProcess } = useTestContext();
const p = purchaseHelpers(ctx, clock);
const NOW = new Date('2026-11-21T12:00:00Z');
const ledgerView = async (userId: number) =>
  (await p.ledger(userId)).map((row) => ({
    reason: row.reason,
    delta: row.delta,
    shortfall: row.shortfall,
    transactionId: row.transactionId,
  }));
/** The balance is the sum of the ledger (docs/architecture.md §6 convention 12). */
const expectLedgerMatchesBalance = async (userId: number) =>
  expect((await p.ledger(userId)).reduce((sum, row) => sum + row.delta, 0)).toBe((await p.user(userId)).credits);

describe('refunds', () => {
  it('takes back what is left once, records the rest as debt, and a later purchase settles the debt first', async () => {
    const member = await p.buyer();
    const popular = await p.buyPaid(member);
    expect((await p.user(member)).credits).toBe(140);
    expect(await p.spend(member, 100)).toBe(true);
    expect((await p.user(member)).credits).toBe(40);

    await p.sandbox().refundPayment(popular.providerPaymentId!, 1999, 'EUR');
    const other = await secondProcess();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => settleTransaction(n % 2 ? other : ctx(), popular.providerPaymentId!)),
    );
    expect(results).toEqual(Array(6).fill({ ok: true, value: { status: 'refunded' } }));
    expect(await p.transaction(popular.id)).toMatchObject({ status: 'refunded', refundedAt: NOW });
    expect(await p.user(member)).toMatchObject({ credits: 0, creditDebt: 100 });
    expect(await ledgerView(member)).toEqual([
      { reason: 'purchase:popular', delta: 140, shortfall: 0, transactionId: popular.id },
      { reason: 'message:1', delta: -100, shortfall: 0, transactionId: null },
      { reason: 'refund:popular', delta: -40, shortfall: 100, transactionId: popular.id },
    ]);
    // The debt blocks spending, and a later webhook reverses nothing again.
    expect(await p.spend(member, 1)).toBe(false);
    expect(await settleTransaction(ctx(), popular.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'refunded' },
    });
    expect(await p.ledger(member)).toHaveLength(3);

    const starter = await p.buyPaid(member, { productId: 'starter' });
    expect(await p.user(member)).toMatchObject({ credits: 0, creditDebt: 50 });
    expect((await ledgerView(member)).slice(3)).toEqual([
      { reason: 'purchase:starter', delta: 50, shortfall: 0, transactionId: starter.id },
      { reason: 'debt_settled', delta: -50, shortfall: 0, transactionId: starter.id },
    ]);
    // The next purchase pays off the rest and keeps what is left over.
    const value = await p.buyPaid(member, { productId: 'value' });
    expect(await p.user(member)).toMatchObject({ credits: 325, creditDebt: 0 });
    expect((await ledgerView(member)).slice(5)).toEqual([
      { reason: 'purchase:value', delta: 375, shortfall: 0, transactionId: value.id },
      { reason: 'debt_settled', delta: -50, shortfall: 0, transactionId: value.id },
    ]);
    await expectLedgerMatchesBalance(member);
    expect(await p.spend(member, 1)).toBe(true);
  });

  it('reverses a chargeback too, and leaves a partial refund as it is', async () => {
    const member = await p.buyer();
    const starter = await p.buyPaid(member, { productId: 'starter' });
    const popular = await p.buyPaid(member, { productId: 'popular' });
    expect((await p.user(member)).credits).toBe(190);

    await p.sandbox().refundPayment(popular.providerPaymentId!, 500, 'EUR');
    expect(await settleTransaction(ctx(), popular.providerPaymentId!)).toEqual({ ok: true, value: { status: 'paid' } });
    expect((await p.user(member)).credits).toBe(190);

    await p.sandbox().chargeBack(starter.providerPaymentId!);
    const results = await Promise.all([1, 2, 3].map(() => settleTransaction(ctx(), starter.providerPaymentId!)));
    expect(results).toEqual(Array(3).fill({ ok: true, value: { status: 'refunded' } }));
    expect((await p.transaction(starter.id)).status).toBe('refunded');
    expect((await p.transaction(popular.id)).status).toBe('paid');
    expect(await p.user(member)).toMatchObject({ credits: 140, creditDebt: 0 });
    const reversals = (await ledgerView(member)).filter((row) => row.delta < 0);
    expect(reversals).toEqual([{ reason: 'chargeback:starter', delta: -50, shortfall: 0, transactionId: starter.id }]);
    await expectLedgerMatchesBalance(member);
  });
});

describe('a webhook that came to another site', () => {
  it('changes nothing for another site’s transaction or an unknown payment', async () => {
    const member = await p.buyer();
    const { row } = await p.buy(member, { productId: 'starter' });
    await p.pay(row.providerPaymentId!);
    expect(await settleTransaction(ctx(), row.providerPaymentId!, { site: 'flirtbox' })).toEqual({
      ok: false,
      code: 'not_found',
    });
    expect((await p.transaction(row.id)).status).toBe('open');
    expect((await p.user(member)).credits).toBe(0);
    expect(await ctx().db.select().from(creditLedger)).toEqual([]);
    expect(await settleTransaction(ctx(), 'tr_sb_unknown', { site: 'amora' })).toEqual({
      ok: false,
      code: 'not_found',
    });

    expect(await settleTransaction(ctx(), row.providerPaymentId!, { site: 'amora' })).toEqual({
      ok: true,
      value: { status: 'paid' },
    });
    // Nor can another site's webhook reverse it.
    await p.sandbox().refundPayment(row.providerPaymentId!, 999, 'EUR');
    expect(await settleTransaction(ctx(), row.providerPaymentId!, { site: 'flirtbox' })).toEqual({
      ok: false,
      code: 'not_found',
    });
    expect((await p.transaction(row.id)).status).toBe('paid');
    expect((await p.user(member)).credits).toBe(50);
  });
});

describe('a repeat order on the stored mandate', () => {
  it('charges the mandate without a checkout and grants once; without a mandate the checkout opens', async () => {
    const member = await p.buyer();
    const first = await p.buyPaid(member, { productId: 'starter', method: 'ideal' });
    expect(first).toMatchObject({ sequenceType: 'first', mandateId: `mdt_${first.providerPaymentId}` });
    expect(first.customerId).toMatch(/^cst_sb_/);

    const repeat = await p.buy(member, { productId: 'popular', method: 'ideal', useMandate: true });
    expect(repeat.checkoutUrl).toBe(`/transactions/${repeat.transactionId}`);
    expect(repeat.row).toMatchObject({
      sequenceType: 'recurring',
      mandateId: first.mandateId,
      customerId: first.customerId,
      status: 'open',
    });
    expect((await p.sandbox().getPayment(repeat.row.providerPaymentId!))!.status).toBe('paid');
    const results = await Promise.all([1, 2, 3].map(() => settleTransaction(ctx(), repeat.row.providerPaymentId!)));
    expect(results).toEqual(Array(3).fill({ ok: true, value: { status: 'paid' } }));
    expect((await p.user(member)).credits).toBe(190);
    expect((await ledgerView(member)).map((row) => [row.reason, row.transactionId])).toEqual([
      ['purchase:starter', first.id],
      ['purchase:popular', repeat.row.id],
    ]);

    // PayPal has no mandate yet; without useMandate iDEAL opens the checkout too.
    for (const extra of [{ method: 'paypal' as const, useMandate: true }, { method: 'ideal' as const }]) {
      const opened = await p.buy(member, { productId: 'starter', ...extra });
      expect(opened.checkoutUrl).toBe(`/payments/sandbox/${opened.row.providerPaymentId}`);
      expect(opened.row).toMatchObject({ sequenceType: 'first', mandateId: null, status: 'open' });
      expect((await p.sandbox().getPayment(opened.row.providerPaymentId!))!.status).toBe('open');
    }
    expect((await p.user(member)).credits).toBe(190);
  });

  it('records a charge of a revoked mandate as failed and grants nothing', async () => {
    const member = await p.buyer();
    const first = await p.buyPaid(member, { productId: 'starter', method: 'creditcard' });
    await p.sandbox().revokeMandate(first.mandateId!);
    const started = await startPurchase(ctx(), {
      userId: member,
      site: p.site(),
      product: 'credits',
      productId: 'max',
      method: 'creditcard',
      useMandate: true,
      origin: 'https://amora.test',
      returnPath: '/credits',
    });
    expect(started.ok && started.value.checkoutUrl).toBe(`/transactions/${started.ok && started.value.transactionId}`);
    const [row] = await ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.productId, 'max'));
    expect(await settleTransaction(ctx(), row!.providerPaymentId!)).toEqual({ ok: true, value: { status: 'failed' } });
    expect((await p.user(member)).credits).toBe(50);
    await expectLedgerMatchesBalance(member);
  });
});
