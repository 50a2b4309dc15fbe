import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { creditOverview } from '../../src/server/credits/credit-overview';
import { auditLog, conversions, paymentTransactions, users } from '../../src/server/db/schema';
import { createMollieProvider } from '../../src/server/payments/mollie-provider';
import { PaymentProviderError } from '../../src/server/payments/payment-provider';
import { runSandboxSubscriptions } from '../../src/server/payments/reconcile';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { useMollieStandIn } from '../helpers/mollie-stand-in';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { purchaseHelpers } from '../helpers/purchases';

/** docs/product.md §13 Payments through the real operator API: transactions, refunds, revenue, failed renewals. */
const { ctx, clock } = useTestContext();
const standIn = useMollieStandIn();
const p = purchaseHelpers(ctx, clock);
const DAY_MS = 24 * 60 * 60_000;

const ids = (json: { transactions: { id: number }[] }) => json.transactions.map((row) => row.id);
const refund = (id: number, cookie: string, context: AppContext = ctx()) =>
  callAdmin(context, `/admin/api/payments/transactions/${id}/refund`, { method: 'POST', cookie });
const auditRows = () => ctx().db.select().from(auditLog).where(eq(auditLog.objectType, 'transaction'));

describe('transactions', () => {
  it('lists transactions newest first, filtered by site, status, method, UTC days and member, paged back', async () => {
    const nl = await p.buyer({ country: 'NL', email: 'nl@example.com' });
    const de = await p.buyer({ country: 'DE' });
    const flirt = await p.buyer({ country: 'DE', site: 'flirtbox' });
    const first = await p.buyPaid(nl, { productId: 'popular', method: 'ideal' });
    const failed = await p.buy(de, { productId: 'starter', method: 'creditcard' });
    await p.pay(failed.row.providerPaymentId!, 'failed');
    await settleTransaction(ctx(), failed.row.providerPaymentId!);
    const other = await p.buyPaid(flirt, { site: p.site('flirtbox'), productId: 'starter', method: 'creditcard' });
    clock.advance(2 * DAY_MS);
    const later = await p.buyPaid(nl, { productId: 'starter', method: 'ideal' });
    // Operator sessions end after 8 hours: this one starts now.
    const finance = await loggedInOperator(ctx(), 'finance');

    const list = (query: Record<string, string | number> = {}) =>
      callAdmin(ctx(), '/admin/api/payments/transactions', { cookie: finance.cookie, query });
    const all = await list();
    expect(all.status).toBe(200);
    expect(ids(all.json)).toEqual([later.id, other.id, failed.row.id, first.id]);
    expect(all.json.hasMore).toBe(false);
    expect(all.json.transactions[3]).toMatchObject({
      memberId: nl,
      memberEmail: 'nl@example.com',
      site: 'amora',
      product: 'credits',
      productId: 'popular',
      credits: 120,
      bonusCredits: 20,
      amountCents: 1999,
      currency: 'EUR',
      method: 'ideal',
      provider: 'sandbox',
      status: 'paid',
      paidAt: '2026-11-21T12:00:00.000Z',
      refundedAt: null,
    });
    expect(ids((await list({ site: 'flirtbox' })).json)).toEqual([other.id]);
    expect(ids((await list({ status: 'failed' })).json)).toEqual([failed.row.id]);
    expect(ids((await list({ method: 'ideal' })).json)).toEqual([later.id, first.id]);
    expect(ids((await list({ from: '2026-11-23', to: '2026-11-23' })).json)).toEqual([later.id]);
    expect(ids((await list({ to: '2026-11-22' })).json)).toEqual([other.id, failed.row.id, first.id]);
    expect(ids((await list({ member: nl })).json)).toEqual([later.id, first.id]);
    expect(ids((await list({ status: 'paid', method: 'creditcard' })).json)).toEqual([other.id]);
    expect(ids((await list({ before: other.id })).json)).toEqual([failed.row.id, first.id]);

    // A deleted account's e-mail column holds a hash, never shown as an address.
    await ctx().db.update(users).set({ status: 'deleted', email: 'deleted:abc' }).where(eq(users.id, de));
    expect((await list({ member: de })).json.transactions[0].memberEmail).toBeNull();

    expect((await list({ from: '2026-11-23', to: '2026-11-22' })).json.error.code).toBe('validation_failed');
    expect((await list({ from: '2025-01-01', to: '2026-11-22' })).status).toBe(422);
    expect((await list({ colour: 'red' })).status).toBe(400);
  });

  it('pages 50 at a time', async () => {
    const finance = await loggedInOperator(ctx(), 'finance');
    const member = await p.buyer();
    const base = (await p.buy(member)).row;
    const { id: _id, publicId: _publicId, providerPaymentId: _paymentId, ...copy } = base;
    await ctx()
      .db.insert(paymentTransactions)
      .values(Array.from({ length: 55 }, (_, n) => ({ ...copy, publicId: `copy-${n}` })));
    const first = await callAdmin(ctx(), '/admin/api/payments/transactions', { cookie: finance.cookie });
    expect(first.json.transactions).toHaveLength(50);
    expect(first.json.hasMore).toBe(true);
    const next = await callAdmin(ctx(), '/admin/api/payments/transactions', {
      cookie: finance.cookie,
      query: { before: first.json.transactions.at(-1).id },
    });
    expect(next.json.transactions).toHaveLength(6);
    expect(next.json.hasMore).toBe(false);
    expect(next.json.transactions.at(-1).id).toBe(base.id);
  });
});

describe('refunds by an operator', () => {
  it('refunds a sandbox purchase at the provider, reverses its credits once, audits it, and refuses a second refund', async () => {
    const finance = await loggedInOperator(ctx(), 'finance');
    const member = await p.buyer();
    const bought = await p.buyPaid(member);
    expect(await p.spend(member, 100)).toBe(true);

    const done = await refund(bought.id, finance.cookie);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      transaction: { id: bought.id, status: 'refunded', refundedAt: clock.now().toISOString() },
      member: { credits: 0, creditDebt: 100 },
      refundedAtProviderCents: 1999,
    });
    // The provider was asked to give the money back.
    expect(await ctx().payments.getPayment(bought.providerPaymentId!)).toMatchObject({
      status: 'paid',
      amountRefundedCents: 1999,
    });
    // What the member sees on /credits: balance 0, 100 owed, the refund in the history.
    const seen = await creditOverview(ctx(), p.site(), member);
    expect(seen).toMatchObject({ credits: 0, creditDebt: 100 });
    expect(seen.history.map((row) => [row.reason, row.delta])).toEqual([
      ['refund:popular', -40],
      ['message:1', -100],
      ['purchase:popular', 140],
    ]);
    expect(
      await ctx()
        .db.select({ event: conversions.event })
        .from(conversions)
        .where(and(eq(conversions.userId, member), eq(conversions.transactionId, bought.id)))
        .orderBy(asc(conversions.id)),
    ).toEqual([{ event: 'sale' }, { event: 'refund' }]);
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        operatorId: finance.id,
        operatorEmail: 'finance@ops.example.com',
        action: 'transaction.refund',
        objectType: 'transaction',
        objectId: String(bought.id),
        before: { status: 'paid' },
        after: { status: 'refunded', amountCents: 1999, currency: 'EUR', refundedAtProviderCents: 1999 },
      }),
    ]);

    const again = await refund(bought.id, finance.cookie);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('conflict');
    // The provider's own refund report later finds nothing left to reverse.
    expect(await settleTransaction(ctx(), bought.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'refunded' },
    });
    expect((await creditOverview(ctx(), p.site(), member)).history).toHaveLength(3);
    expect((await ctx().payments.getPayment(bought.providerPaymentId!))!.amountRefundedCents).toBe(1999);
    expect(await auditRows()).toHaveLength(1);
  });

  it('reverses once when two operators refund at the same moment', async () => {
    const finance = await loggedInOperator(ctx(), 'finance');
    const admin = await loggedInOperator(ctx(), 'admin');
    const member = await p.buyer();
    const bought = await p.buyPaid(member);
    const answers = await Promise.all([refund(bought.id, finance.cookie), refund(bought.id, admin.cookie)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await p.user(member)).toMatchObject({ credits: 0, creditDebt: 0 });
    expect((await p.ledger(member)).map((row) => row.reason)).toEqual(['purchase:popular', 'refund:popular']);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses unpaid and unknown transactions, and changes nothing when the provider refuses', async () => {
    const finance = await loggedInOperator(ctx(), 'finance');
    const member = await p.buyer();
    const open = await p.buy(member);
    expect((await refund(open.row.id, finance.cookie)).status).toBe(409);
    expect((await refund(999_999, finance.cookie)).status).toBe(404);

    const bought = await p.buyPaid(member, { productId: 'starter' });
    const sandbox = p.sandbox();
    const original = sandbox.refundPayment;
    sandbox.refundPayment = () => Promise.reject(new PaymentProviderError('refused'));
    try {
      const refused = await refund(bought.id, finance.cookie);
      expect(refused.status).toBe(503);
      expect(refused.json.error.code).toBe('payment_provider_unavailable');
    } finally {
      sandbox.refundPayment = original;
    }
    expect((await p.transaction(bought.id)).status).toBe('paid');
    expect((await p.user(member)).credits).toBe(50);
    expect(await auditRows()).toEqual([]);
  });

  it('refunds a Mollie payment through Mollie’s refunds API', async () => {
    const mollie: AppContext = {
      ...ctx(),
      payments: createMollieProvider({ apiKey: standIn().apiKey, apiEndpoint: standIn().url, timeoutMs: 5_000 }),
    };
    const finance = await loggedInOperator(mollie, 'finance');
    const member = await p.buyer();
    const bought = await p.buy(member, {}, mollie);
    standIn().setStatus(bought.row.providerPaymentId!, 'paid');
    await settleTransaction(mollie, bought.row.providerPaymentId!);
    expect((await p.user(member)).credits).toBe(140);

    const done = await refund(bought.row.id, finance.cookie, mollie);
    expect(done.status).toBe(200);
    const asked = standIn().requests.filter((request) => request.path.endsWith('/refunds'));
    expect(asked.map((request) => [request.path, request.body])).toEqual([
      [`/v2/payments/${bought.row.providerPaymentId}/refunds`, { amount: { currency: 'EUR', value: '19.99' } }],
    ]);
    expect(await p.user(member)).toMatchObject({ credits: 0, creditDebt: 0 });
    // Mollie's webhook for the refund then changes nothing.
    expect(await settleTransaction(mollie, bought.row.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'refunded' },
    });
    expect((await p.ledger(member)).map((row) => row.reason)).toEqual(['purchase:popular', 'refund:popular']);
    expect((await refund(bought.row.id, finance.cookie, mollie)).status).toBe(409);
    // A transaction the sandbox made is not refunded through Mollie.
    const sandboxPaid = await p.buyPaid(member, { productId: 'starter' });
    expect((await refund(sandboxPaid.id, finance.cookie, mollie)).status).toBe(409);
  });
});

describe('revenue', () => {
  it('sums paid minus refunded per day, site, country and currency', async () => {
    const nl = await p.buyer({ country: 'NL' });
    const gb = await p.buyer({ country: 'GB' });
    const flirt = await p.buyer({ country: 'DE', site: 'flirtbox' });
    const popular = await p.buyPaid(nl); // 19.99 EUR on the 21st
    await p.buyPaid(gb, { productId: 'starter', method: 'creditcard' }); // 8.99 GBP on the 21st
    clock.advance(DAY_MS);
    const finance = await loggedInOperator(ctx(), 'finance');
    await p.buyPaid(flirt, { site: p.site('flirtbox'), productId: 'value', method: 'paypal' }); // 39.99 EUR on the 22nd
    await p.buyPaid(nl, { productId: 'starter' }); // 9.99 EUR on the 22nd
    expect((await refund(popular.id, finance.cookie)).status).toBe(200); // −19.99 EUR on the 22nd
    const open = await p.buy(nl, { productId: 'max' });
    expect(open.row.status).toBe('open'); // never counted

    const revenue = async (query: Record<string, string>) => {
      const answer = await callAdmin(ctx(), '/admin/api/payments/revenue', {
        cookie: finance.cookie,
        query: { from: '2026-11-20', to: '2026-11-23', ...query },
      });
      expect(answer.status).toBe(200);
      return answer.json;
    };
    const row = (key: string, currency: string, paid: [number, number], refunded: [number, number]) => ({
      key,
      currency,
      payments: paid[0],
      paidCents: paid[1],
      refunds: refunded[0],
      refundedCents: refunded[1],
      netCents: paid[1] - refunded[1],
    });
    const byDay = await revenue({ by: 'day' });
    expect(byDay.rows).toEqual([
      row('2026-11-21', 'EUR', [1, 1999], [0, 0]),
      row('2026-11-21', 'GBP', [1, 899], [0, 0]),
      row('2026-11-22', 'EUR', [2, 4998], [1, 1999]),
    ]);
    expect(byDay.totals).toEqual([row('', 'EUR', [3, 6997], [1, 1999]), row('', 'GBP', [1, 899], [0, 0])]);
    expect((await revenue({ by: 'site' })).rows).toEqual([
      row('amora', 'EUR', [2, 2998], [1, 1999]),
      row('amora', 'GBP', [1, 899], [0, 0]),
      row('flirtbox', 'EUR', [1, 3999], [0, 0]),
    ]);
    expect((await revenue({ by: 'country' })).rows).toEqual([
      row('DE', 'EUR', [1, 3999], [0, 0]),
      row('GB', 'GBP', [1, 899], [0, 0]),
      row('NL', 'EUR', [2, 2998], [1, 1999]),
    ]);
    expect((await revenue({ by: 'currency', site: 'amora' })).rows).toEqual([
      row('', 'EUR', [2, 2998], [1, 1999]),
      row('', 'GBP', [1, 899], [0, 0]),
    ]);
    // A period after the sale but with the refund shows the refund alone.
    expect((await revenue({ by: 'currency', from: '2026-11-22', to: '2026-11-22', site: 'amora' })).rows).toEqual([
      row('', 'EUR', [1, 999], [1, 1999]),
    ]);
  });
});

describe('failed renewals', () => {
  it('lists premium renewals the provider could not charge, most recent first, but not a failed first purchase', async () => {
    const renewing = async (email: string) => {
      const member = await p.buyer({ email });
      const bought = await p.buyPaid(member, { product: 'premium', productId: 'premium-1m', method: 'ideal' });
      return { member, bought };
    };
    const ana = await renewing('ana@example.com');
    const ben = await renewing('ben@example.com');
    await p.sandbox().revokeMandate(ana.bought.mandateId!);
    await p.sandbox().revokeMandate(ben.bought.mandateId!);
    // A one-click premium purchase on a revoked mandate fails too, but is no renewal.
    const cleo = await p.buyer();
    const starter = await p.buyPaid(cleo, { productId: 'starter', method: 'ideal' });
    await p.sandbox().revokeMandate(starter.mandateId!);
    const oneClick = await p.buy(cleo, {
      product: 'premium',
      productId: 'premium-1m',
      method: 'ideal',
      useMandate: true,
    });
    expect((await settleTransaction(ctx(), oneClick.row.providerPaymentId!)).ok).toBe(true);
    expect((await p.transaction(oneClick.row.id)).status).toBe('failed');

    clock.set('2026-12-21T01:00:00Z');
    expect(await runSandboxSubscriptions(ctx())).toBe(2);
    const finance = await loggedInOperator(ctx(), 'finance');
    const list = await callAdmin(ctx(), '/admin/api/payments/failed-renewals', { cookie: finance.cookie });
    expect(list.status).toBe(200);
    expect(list.json.hasMore).toBe(false);
    const renewals = list.json.renewals as { id: number; memberId: number; memberEmail: string }[];
    expect(renewals.map((row) => row.memberEmail).sort()).toEqual(['ana@example.com', 'ben@example.com']);
    expect(renewals[0]!.id).toBeGreaterThan(renewals[1]!.id);
    expect(renewals.find((row) => row.memberId === ana.member)).toMatchObject({
      memberId: ana.member,
      site: 'amora',
      planId: 'premium-1m',
      months: 1,
      amountCents: 2499,
      currency: 'EUR',
      failedAt: '2026-12-21T01:00:00.000Z',
      subscriptionId: ana.bought.subscriptionId,
      subscriptionStatus: 'active',
      premiumUntil: '2026-12-21T12:00:00.000Z',
    });
    const paged = await callAdmin(ctx(), '/admin/api/payments/failed-renewals', {
      cookie: finance.cookie,
      query: { before: renewals[0]!.id },
    });
    expect(paged.json.renewals.map((row: { memberId: number }) => row.memberId)).toEqual([renewals[1]!.memberId]);
    const elsewhere = await callAdmin(ctx(), '/admin/api/payments/failed-renewals', {
      cookie: finance.cookie,
      query: { site: 'flirtbox' },
    });
    expect(elsewhere.json.renewals).toEqual([]);
  });
});

describe('who may use Payments', () => {
  it('answers 403 to moderators and support, on the API as on every operation of the section', async () => {
    const member = await createMember(ctx());
    const bought = await p.buyPaid(member);
    for (const role of ['moderator', 'support'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role);
      const calls = [
        callAdmin(ctx(), '/admin/api/payments/transactions', { cookie }),
        refund(bought.id, cookie),
        callAdmin(ctx(), '/admin/api/payments/revenue', { cookie, query: { from: '2026-11-01', to: '2026-11-30' } }),
        callAdmin(ctx(), '/admin/api/payments/failed-renewals', { cookie }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(403);
        expect(answer.json.error.code).toBe('forbidden');
      }
    }
    expect((await p.transaction(bought.id)).status).toBe('paid');
    const admin = await loggedInOperator(ctx(), 'admin');
    expect((await callAdmin(ctx(), '/admin/api/payments/transactions', { cookie: admin.cookie })).status).toBe(200);
  });
});
