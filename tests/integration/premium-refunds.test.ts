import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import {
  creditLedger,
  paymentCustomers,
  paymentTransactions,
  sandboxPayments,
  sandboxSubscriptions,
  subscriptions,
} from '../../src/server/db/schema';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { getUserView } from '../../src/server/members/profile-view';
import { premiumStatus } from '../../src/server/payments/premium-status';
import { runSandboxSubscriptions } from '../../src/server/payments/reconcile';
import { cancelSubscription } from '../../src/server/payments/renewals';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { useTestContext } from '../helpers/context';
import { addMonths, purchaseHelpers } from '../helpers/purchases';
import { startPurchase } from '../../src/server/payments/start-purchase';
import { startSmtpReceiver } from '../helpers/smtp-receiver';

/** docs/product.md §11 Premium: a plan bought, renewed by the provider's subscription, failed, cancelled, refunded. */
const { ctx, clock, secondProcess } = useTestContext();
const p = purchaseHelpers(ctx, clock);
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  await settleBackgroundMails();
  smtp.received.length = 0;
});
/** A context whose mails reach the SMTP receiver. */
const mailing = (context: AppContext = ctx()): AppContext => ({
  ...context,
  mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
});
const mailsTo = async (email: string) => {
  await settleBackgroundMails();
  return smtp.received.filter((mail) => mail.to?.some((to) => to.address === email));
};

const BOUGHT_AT = new Date('2026-11-21T12:00:00Z');
const PREMIUM_END = new Date('2026-12-21T12:00:00Z');
/** The provider's subscription charges first on the day premium ends (a date, so at 00:00 UTC). */
const FIRST_RENEWAL = new Date('2026-12-21T00:00:00Z');

async function buyPremium(email: string) {
  const member = await p.buyer({ email, name: 'Noor', language: 'nl' });
  const { row, checkoutUrl } = await p.buy(member, { product: 'premium', productId: 'premium-1m', method: 'ideal' });
  expect(checkoutUrl).toBe(`/payments/sandbox/${row.providerPaymentId}`);
  await p.pay(row.providerPaymentId!);
  expect(await settleTransaction(mailing(), row.providerPaymentId!)).toEqual({ ok: true, value: { status: 'paid' } });
  const plan = (await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId!)))[0]!;
  return { member, row, plan };
}
const renewals = (subscriptionId: number) =>
  ctx()
    .db.select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.subscriptionId, subscriptionId))
    .then((rows) => rows.filter((row) => row.sequenceType === 'recurring'));
const providerSubscription = async (id: string) =>
  (await ctx().db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)))[0];

describe('buying premium', () => {
  it('grants a month, activates the plan with the mandate, starts the provider subscription and mails a receipt', async () => {
    const { member, row, plan } = await buyPremium('noor@example.com');
    expect(row).toMatchObject({
      product: 'premium',
      productId: 'premium-1m',
      premiumMonths: 1,
      credits: 0,
      bonusCredits: 0,
      amountCents: 2499,
      currency: 'EUR',
      sequenceType: 'first',
    });
    expect((await p.user(member)).premiumUntil).toEqual(PREMIUM_END);
    expect((await p.user(member)).credits).toBe(0);
    expect(await ctx().db.select().from(creditLedger)).toEqual([]);
    const [customer] = await ctx().db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member));
    expect(plan).toMatchObject({
      userId: member,
      status: 'active',
      planId: 'premium-1m',
      months: 1,
      amountCents: 2499,
      currency: 'EUR',
      customerId: customer!.customerId,
      mandateId: `mdt_${row.providerPaymentId}`,
    });
    expect(plan.providerSubscriptionId).toMatch(/^sub_sb_/);
    expect(await providerSubscription(plan.providerSubscriptionId!)).toMatchObject({
      status: 'active',
      customerId: customer!.customerId,
      mandateId: plan.mandateId,
      amountCents: 2499,
      currency: 'EUR',
      intervalMonths: 1,
      nextPaymentAt: FIRST_RENEWAL,
    });
    expect(await premiumStatus(ctx(), member)).toEqual({
      premium_until: PREMIUM_END.toISOString(),
      is_premium: true,
      subscription: { plan: 'premium-1m', months: 1, status: 'active', amount_cents: 2499, currency: 'EUR' },
    });

    // Late webhooks change nothing: no second month, no second provider subscription, no second receipt.
    await Promise.all([1, 2, 3].map(() => settleTransaction(mailing(), row.providerPaymentId!)));
    expect((await p.user(member)).premiumUntil).toEqual(PREMIUM_END);
    expect(await ctx().db.select().from(sandboxSubscriptions)).toHaveLength(1);
    const mails = await mailsTo('noor@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual(['Je bon van Amora']);
    expect(mails[0]!.text).toContain(`Referentie: ${row.publicId}`);
  });
});

describe('renewals', () => {
  it('charges one renewal however many schedulers run, and extends premium by one month each period', async () => {
    const { member, row, plan } = await buyPremium('sem@example.com');
    expect(row.vatCents).toBe(434);
    // The scheduler comes late, after premium ended: the month runs from now.
    clock.set(new Date(PREMIUM_END.getTime() + 3_600_000));
    const other = mailing(await secondProcess());
    const made = await Promise.all([
      runSandboxSubscriptions(mailing()),
      runSandboxSubscriptions(mailing()),
      runSandboxSubscriptions(other),
    ]);
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(1);
    const [renewal, ...more] = await renewals(plan.id);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({
      status: 'paid',
      userId: member,
      amountCents: 2499,
      premiumMonths: 1,
      site: 'amora',
    });
    expect(renewal!.vatCents).toBe(434);
    const lateEnd = addMonths(clock.now(), 1);
    expect((await p.user(member)).premiumUntil).toEqual(lateEnd);
    expect(await runSandboxSubscriptions(mailing())).toBe(0);
    // The renewal extends the plan; it starts no second provider subscription.
    expect(await ctx().db.select().from(sandboxSubscriptions)).toHaveLength(1);
    expect(await mailsTo('sem@example.com')).toHaveLength(2); // the purchase's receipt and the renewal's

    // The next period on time (the provider charges at 00:00 of its date, premium still runs): + one month exactly.
    const nextCharge = (await providerSubscription(plan.providerSubscriptionId!))!.nextPaymentAt;
    expect(nextCharge).toEqual(addMonths(FIRST_RENEWAL, 1));
    clock.set(new Date(nextCharge.getTime() + 3_600_000));
    await Promise.all([runSandboxSubscriptions(ctx()), runSandboxSubscriptions(other)]);
    expect((await renewals(plan.id)).map((row) => row.status)).toEqual(['paid', 'paid']);
    expect((await p.user(member)).premiumUntil).toEqual(addMonths(lateEnd, 1));
  });

  it('records a renewal the revoked mandate could not pay, extends nothing and mails the member once', async () => {
    const { member, plan } = await buyPremium('lotte@example.com');
    await p.sandbox().revokeMandate(plan.mandateId!);
    clock.set(new Date(FIRST_RENEWAL.getTime() + 3_600_000));
    // The provider charges (and fails), then its webhook arrives several times at once, in two processes.
    const [paymentId, ...others] = await p.sandbox().chargeDueSubscriptions(clock.now());
    expect(others).toEqual([]);
    const other = mailing(await secondProcess());
    const results = await Promise.all(
      [mailing(), other, mailing(), other].map((each) => settleTransaction(each, paymentId!)),
    );
    // The renewal's payment id is new to us: one delivery asks the provider and records it; a
    // delivery that came while it did was not worth a second provider call (docs/product.md §11 Limits).
    expect(results).toContainEqual({ ok: true, value: { status: 'failed' } });
    for (const result of results)
      expect([
        { ok: true, value: { status: 'failed' } },
        { ok: false, code: 'not_found' },
      ]).toContainEqual(result);
    expect(await settleTransaction(mailing(), paymentId!)).toEqual({ ok: true, value: { status: 'failed' } });
    const [failed, ...more] = await renewals(plan.id);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ status: 'failed', providerPaymentId: paymentId, sequenceType: 'recurring' });
    expect((await p.user(member)).premiumUntil).toEqual(PREMIUM_END);
    expect((await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, plan.id)))[0]!.status).toBe(
      'active',
    );

    const mails = (await mailsTo('lotte@example.com')).filter((mail) => mail.subject !== 'Je bon van Amora');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je Amora Premium kon niet worden verlengd');
    expect(mails[0]!.text).toContain('Je Premium loopt tot 21 december 2026.');
    expect(mails[0]!.text).toContain('/premium');
  });
});

describe('paid_user in the user response', () => {
  it('follows premium: false before, true while premium runs, false again after its end', async () => {
    const before = await p.buyer({ email: 'saar@example.com', name: 'Saar' });
    expect(await getUserView(ctx(), before)).toMatchObject({ paid_user: false, is_premium: false });
    const { member } = await buyPremium('lieke@example.com');
    expect(await getUserView(ctx(), member)).toMatchObject({ paid_user: true, is_premium: true, credits: 0 });
    clock.set(PREMIUM_END);
    expect(await getUserView(ctx(), member)).toMatchObject({ paid_user: false, is_premium: false });
  });
});

describe('cancelling premium', () => {
  it('stops the renewals at the provider; premium runs to its end and then stops', async () => {
    const { member, plan } = await buyPremium('fenna@example.com');
    // One renewing plan at a time: a second is refused until the first is cancelled.
    expect(
      await startPurchase(ctx(), {
        userId: member,
        site: p.site(),
        product: 'premium',
        productId: 'premium-3m',
        method: 'ideal',
        origin: 'https://amora.test',
        returnPath: '/premium',
      }),
    ).toMatchObject({ ok: false, code: 'premium_active' });
    expect(await cancelSubscription(ctx(), member)).toBe(true);
    const [cancelled] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, plan.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: BOUGHT_AT });
    expect((await providerSubscription(plan.providerSubscriptionId!))!.status).toBe('canceled');
    expect(await premiumStatus(ctx(), member)).toMatchObject({
      is_premium: true,
      subscription: { plan: 'premium-1m', status: 'cancelled' },
    });
    expect(await cancelSubscription(ctx(), member)).toBe(false);

    clock.set(new Date(FIRST_RENEWAL.getTime() + 3_600_000));
    expect(await runSandboxSubscriptions(ctx())).toBe(0);
    expect((await premiumStatus(ctx(), member)).is_premium).toBe(true);
    clock.set(PREMIUM_END);
    expect(await premiumStatus(ctx(), member)).toEqual({
      premium_until: PREMIUM_END.toISOString(),
      is_premium: false,
      subscription: null,
    });
    clock.set('2027-03-01T00:00:00Z');
    expect(await runSandboxSubscriptions(ctx())).toBe(0);
    expect(await ctx().db.select().from(sandboxPayments)).toHaveLength(1);
    expect(await renewals(plan.id)).toEqual([]);
    expect((await p.user(member)).premiumUntil).toEqual(PREMIUM_END);
  });
});

describe('refunding premium', () => {
  it('takes the month back once and cancels the plan at the provider', async () => {
    const { member, row, plan } = await buyPremium('jesse@example.com');
    await p.sandbox().refundPayment(row.providerPaymentId!, 2499, 'EUR');
    const other = await secondProcess();
    const results = await Promise.all(
      [ctx(), other, ctx()].map((each) => settleTransaction(each, row.providerPaymentId!)),
    );
    expect(results).toEqual(Array(3).fill({ ok: true, value: { status: 'refunded' } }));
    expect(await p.transaction(row.id)).toMatchObject({ status: 'refunded', refundedAt: BOUGHT_AT });
    expect((await p.user(member)).premiumUntil).toEqual(BOUGHT_AT);
    expect((await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, plan.id)))[0]!.status).toBe(
      'cancelled',
    );
    expect((await providerSubscription(plan.providerSubscriptionId!))!.status).toBe('canceled');
    expect(await premiumStatus(ctx(), member)).toEqual({
      premium_until: BOUGHT_AT.toISOString(),
      is_premium: false,
      subscription: null,
    });
    clock.set(new Date(FIRST_RENEWAL.getTime() + 3_600_000));
    expect(await runSandboxSubscriptions(ctx())).toBe(0);
  });
});

describe('premium edge cases', () => {
  it('states on the receipt that premium was bought, not “0 credits”', async () => {
    await buyPremium('bo@example.com');
    const [receipt] = await mailsTo('bo@example.com');
    expect(receipt!.text).toContain('Premium: 1 maand');
    expect(receipt!.text).not.toContain('Credits:');
    expect(receipt!.text).toMatch(/Betaald bedrag: €\s24,99/);
    expect(receipt!.text).toContain('/premium');
  });

  it('does not mail “renewal failed” for a one-click premium purchase the stored mandate could not pay', async () => {
    const member = await p.buyer({ email: 'mila@example.com' });
    const first = await p.buyPaid(member, { productId: 'starter', method: 'ideal' });
    await p.sandbox().revokeMandate(first.mandateId!);
    const { row, checkoutUrl } = await p.buy(member, {
      product: 'premium',
      productId: 'premium-1m',
      method: 'ideal',
      useMandate: true,
    });
    expect(checkoutUrl).toBe(`/transactions/${row.publicId}`);
    expect(await settleTransaction(mailing(), row.providerPaymentId!)).toEqual({
      ok: true,
      value: { status: 'failed' },
    });
    expect((await p.user(member)).premiumUntil).toBeNull();
    // Not a renewal: the member has no plan that renews, and sees the failure on the transaction page.
    expect((await mailsTo('mila@example.com')).map((mail) => mail.subject)).toEqual([]);
  });

  it('stops the renewals of a plan cancelled while its provider subscription was being started', async () => {
    const member = await p.buyer();
    const { row } = await p.buy(member, { product: 'premium', productId: 'premium-1m', method: 'ideal' });
    await p.pay(row.providerPaymentId!);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const base = p.sandbox();
    const slowProvider = {
      ...base,
      createSubscription: async (input: Parameters<typeof base.createSubscription>[0]) => {
        await gate;
        return base.createSubscription(input);
      },
    };
    const settling = settleTransaction({ ...ctx(), payments: slowProvider }, row.providerPaymentId!);
    const planRow = async () =>
      (await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId!)))[0]!;
    for (let i = 0; i < 200 && !(await planRow()).providerSubscriptionId?.startsWith('creating:'); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await planRow()).providerSubscriptionId).toMatch(/^creating:/);

    expect(await cancelSubscription(ctx(), member)).toBe(true);
    open();
    expect(await settling).toEqual({ ok: true, value: { status: 'paid' } });
    expect((await planRow()).status).toBe('cancelled');
    // The member cancelled: no renewal may be charged at the provider.
    clock.set(new Date(FIRST_RENEWAL.getTime() + 3_600_000));
    expect(await runSandboxSubscriptions(ctx())).toBe(0);
    expect(await renewals(row.subscriptionId!)).toEqual([]);
    expect((await ctx().db.select().from(sandboxSubscriptions)).map((each) => each.status)).not.toContain('active');
  });
});
