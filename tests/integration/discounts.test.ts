import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountRedemptions, paymentTransactions, subscriptions, users } from '../../src/server/db/schema';
import {
  discountCodeEndpoint,
  paymentEndpoint,
  premiumEndpoint,
  transactionEndpoint,
} from '../../src/server/http/endpoints/payments';
import { discountOffer } from '../../src/server/payments/discount-offer';
import { quotePurchase, type QuoteInput } from '../../src/server/payments/purchase-quote';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { startPurchase } from '../../src/server/payments/start-purchase';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { purchaseHelpers } from '../helpers/purchases';
import { loggedInMember } from '../helpers/session';

/** docs/product.md §11 Discounts: codes, the welcome discount, the stay offer and the time bonus. */
const { ctx, clock } = useTestContext();
const p = purchaseHelpers(ctx, clock);
const HOUR_MS = 3_600_000;
const quote = (userId: number, extra: Partial<QuoteInput> = {}) =>
  quotePurchase(ctx(), { userId, payments: p.site().payments!, product: 'credits', productId: 'popular', ...extra });
const offer = (cookie: string, query: Record<string, string>) =>
  callApi(ctx(), discountCodeEndpoint, '/api/discountcode.php', { query, cookie });
const redemptions = (userId: number) =>
  ctx().db.select().from(discountRedemptions).where(eq(discountRedemptions.userId, userId));
/** A logged-in Dutch member who signed up `hoursAgo` hours ago. */
async function member(name: string, hoursAgo = 30 * 24, country = 'NL') {
  const logged = await loggedInMember(ctx(), name, { country });
  await p.setCreatedAt(logged.id, new Date(clock.now().getTime() - hoursAgo * HOUR_MS));
  return logged;
}

describe('discount codes', () => {
  it('takes 10 % off with WELCOME10 in any case, and refuses it everywhere once paid', async () => {
    const { id, cookie } = await member('Noor');
    const shown = await offer(cookie, { code: 'welcome10' });
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ code: 'WELCOME10', percent: 10, currency: 'EUR', amount_cents: null });
    expect(shown.json.packages).toContainEqual({ id: 'popular', price_cents: 1999, discounted_cents: 1799 });

    const { row } = await p.buy(id, { discountCode: 'welcome10' });
    expect(row).toMatchObject({ amountCents: 1799, discountCode: 'WELCOME10', discountCents: 200, vatCents: 312 });
    expect((await p.sandbox().getPayment(row.providerPaymentId!))!.amountCents).toBe(1799);
    expect(await redemptions(id)).toEqual([{ userId: id, code: 'WELCOME10', transactionId: row.id, redeemedAt: null }]);
    await p.pay(row.providerPaymentId!);
    await settleTransaction(ctx(), row.providerPaymentId!);
    expect((await p.user(id)).credits).toBe(140);
    expect((await redemptions(id))[0]!.redeemedAt).toEqual(clock.now());

    expect(await quote(id, { discountCode: 'WELCOME10' })).toEqual({ ok: false, code: 'discount_used' });
    const again = await startPurchase(ctx(), {
      userId: id,
      site: p.site(),
      product: 'credits',
      productId: 'starter',
      method: 'ideal',
      discountCode: 'Welcome10',
      origin: 'https://amora.test',
      returnPath: '/credits',
    });
    expect(again).toEqual({ ok: false, code: 'discount_used' });
    expect(await ctx().db.select().from(paymentTransactions)).toHaveLength(1);
    const refused = await offer(cookie, { code: 'WELCOME10' });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'discount_used']);
    // Another code is still there.
    expect((await offer(cookie, { code: 'SPRING5' })).status).toBe(200);
  });

  it('is released by a failed or cancelled checkout, and moves to the newer of two open checkouts', async () => {
    const id = await p.buyer();
    for (const outcome of ['failed', 'canceled'] as const) {
      const { row } = await p.buy(id, { discountCode: 'WELCOME10' });
      await p.pay(row.providerPaymentId!, outcome);
      await settleTransaction(ctx(), row.providerPaymentId!);
      expect(await redemptions(id)).toEqual([]);
      expect(await quote(id, { discountCode: 'WELCOME10' })).toMatchObject({ ok: true, value: { amountCents: 1799 } });
    }
    const older = await p.buy(id, { discountCode: 'WELCOME10' });
    const newer = await p.buy(id, { discountCode: 'WELCOME10', productId: 'starter' });
    expect((await redemptions(id)).map((row) => row.transactionId)).toEqual([newer.row.id]);
    // The older one ending unpaid does not free the newer one's hold.
    await p.pay(older.row.providerPaymentId!, 'expired');
    await settleTransaction(ctx(), older.row.providerPaymentId!);
    expect((await redemptions(id)).map((row) => row.transactionId)).toEqual([newer.row.id]);
    await p.pay(newer.row.providerPaymentId!);
    await settleTransaction(ctx(), newer.row.providerPaymentId!);
    expect((await p.transaction(newer.row.id)).amountCents).toBe(899);
    expect(await quote(id, { discountCode: 'WELCOME10' })).toEqual({ ok: false, code: 'discount_used' });
  });

  it('refuses an expired, unknown, not yet valid or other site’s code', async () => {
    const { id, cookie } = await member('Sem');
    expect(await quote(id, { discountCode: 'SUMMER2025' })).toEqual({ ok: false, code: 'discount_expired' });
    expect(await quote(id, { discountCode: 'NOPE123' })).toEqual({ ok: false, code: 'discount_not_found' });
    const expired = await offer(cookie, { code: 'summer2025' });
    expect([expired.status, expired.json.error.code]).toEqual([410, 'discount_expired']);
    const unknown = await offer(cookie, { code: 'NOPE123' });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'discount_not_found']);
    // A site whose config lacks SPRING5 does not know it.
    const payments = p.site().payments!;
    const elsewhere = {
      ...payments,
      discounts: { ...payments.discounts, codes: payments.discounts.codes.filter((c) => c.code !== 'SPRING5') },
    };
    expect(await quote(id, { discountCode: 'SPRING5', payments: elsewhere })).toEqual({
      ok: false,
      code: 'discount_not_found',
    });
    clock.set('2025-12-31T23:59:59Z');
    expect(await quote(id, { discountCode: 'SPRING5' })).toEqual({ ok: false, code: 'discount_not_found' });
    clock.set('2030-12-31T23:59:59Z');
    expect(await quote(id, { discountCode: 'SPRING5' })).toEqual({ ok: false, code: 'discount_expired' });
    expect(await redemptions(id)).toEqual([]);
  });

  it('takes a fixed amount off in the member’s currency (SPRING5)', async () => {
    const dutch = await member('Lotte');
    expect(await quote(dutch.id, { discountCode: 'SPRING5' })).toMatchObject({
      ok: true,
      value: { currency: 'EUR', listCents: 1999, amountCents: 1499, discountCents: 500 },
    });
    const american = await member('Ava', 30 * 24, 'US');
    const shown = await offer(american.cookie, { code: 'spring5' });
    expect(shown.json).toMatchObject({ code: 'SPRING5', percent: null, currency: 'USD', amount_cents: 500 });
    expect(shown.json.packages).toContainEqual({ id: 'starter', price_cents: 1099, discounted_cents: 599 });
    const { row } = await p.buy(american.id, { discountCode: 'SPRING5', method: 'creditcard' });
    expect(row).toMatchObject({ currency: 'USD', amountCents: 1699, discountCents: 500, vatCents: 0 });
  });
});

describe('the welcome discount', () => {
  it('applies by itself for 48 hours after signup, then expires', async () => {
    const { id, cookie } = await member('Fenna', 1);
    const createdAt = (await p.user(id)).createdAt;
    const validUntil = new Date(createdAt.getTime() + 48 * HOUR_MS);
    const shown = await offer(cookie, { welcome: 'true' });
    expect(shown.json).toMatchObject({ code: '@welcome', percent: 30, valid_until: validUntil.toISOString() });
    expect(shown.json.packages).toContainEqual({ id: 'popular', price_cents: 1999, discounted_cents: 1399 });
    const { row } = await p.buy(id);
    expect(row).toMatchObject({ amountCents: 1399, discountCode: '@welcome', discountCents: 600 });

    clock.set(new Date(validUntil.getTime() - 1));
    expect(await quote(id)).toMatchObject({ ok: true, value: { amountCents: 1399 } });
    clock.set(validUntil);
    const expired = await offer(cookie, { welcome: 'true' });
    expect([expired.status, expired.json.error.code]).toEqual([410, 'discount_expired']);
    expect(await quote(id)).toMatchObject({ ok: true, value: { amountCents: 1999, discount: null } });
  });

  it('is used up by a first paid purchase, with or without it', async () => {
    const first = await member('Jesse', 1);
    const paid = await p.buyPaid(first.id);
    expect(paid).toMatchObject({ amountCents: 1399, discountCode: '@welcome' });
    const used = await offer(first.cookie, { welcome: 'true' });
    expect([used.status, used.json.error.code]).toEqual([409, 'discount_used']);
    expect(await quote(first.id)).toMatchObject({ ok: true, value: { amountCents: 1999, discount: null } });

    const second = await member('Daan', 1);
    await p.buyPaid(second.id, { discountCode: 'WELCOME10' });
    expect((await offer(second.cookie, { welcome: 'true' })).json.error.code).toBe('discount_used');
  });
});

describe('the stay offer', () => {
  it('gives the accepted percentage on the next purchase, once', async () => {
    const { id, cookie } = await member('Iris');
    await ctx().db.update(users).set({ deleteReason: 'discount_accepted:50' }).where(eq(users.id, id));
    expect((await offer(cookie, { welcome: 'true' })).json).toMatchObject({ code: '@stay', percent: 50 });
    const paid = await p.buyPaid(id);
    expect(paid).toMatchObject({ amountCents: 999, discountCode: '@stay', discountCents: 1000 });
    expect(await quote(id)).toMatchObject({ ok: true, value: { amountCents: 1999, discount: null } });
    expect((await offer(cookie, { welcome: 'true' })).status).toBe(410);
  });
});

describe('the time bonus (flirtbox, 1 Nov 2026 – 31 Jan 2027)', () => {
  it('adds 20 % of the credits inside the window only, fixed when the purchase starts', async () => {
    const id = await createMember(ctx(), { site: 'flirtbox', country: 'DE' });
    await p.setCreatedAt(id, new Date('2026-01-01T00:00:00Z'));
    const flirtbox = p.site('flirtbox');
    const bonusOf = async (productId: string) => {
      const quoted = await quote(id, { productId, payments: flirtbox.payments! });
      return quoted.ok ? quoted.value.bonusCredits : null;
    };
    expect([await bonusOf('starter'), await bonusOf('popular'), await bonusOf('max')]).toEqual([10, 44, 390]);
    expect(await discountOffer(ctx(), flirtbox, id, 'WELCOME10')).toMatchObject({
      ok: true,
      value: { time_bonus: { percent: 20, until: '2027-01-31T23:59:59.000Z' } },
    });
    // Amora runs no time bonus.
    expect(await quote(id)).toMatchObject({ ok: true, value: { bonusCredits: 20 } });

    const { row } = await p.buy(id, { site: flirtbox, method: 'creditcard' });
    expect(row).toMatchObject({ site: 'flirtbox', credits: 120, bonusCredits: 44 });
    clock.set('2027-01-31T23:59:59Z');
    expect(await bonusOf('popular')).toBe(20);
    await p.pay(row.providerPaymentId!);
    await settleTransaction(ctx(), row.providerPaymentId!);
    expect((await p.user(id)).credits).toBe(164);
    clock.set('2026-10-31T23:59:59Z');
    expect(await bonusOf('popular')).toBe(20);
  });
});

describe('who may use the payments calls', () => {
  const call = (endpoint: Parameters<typeof callApi>[1], path: string, options: Parameters<typeof callApi>[3]) =>
    callApi(ctx(), endpoint, path, options);

  it('refuses every member call to a visitor, with nothing written', async () => {
    for (const [endpoint, path, options] of [
      [paymentEndpoint, '/api/payment.php', { method: 'POST', body: { package: 'popular', method: 'ideal' } }],
      [discountCodeEndpoint, '/api/discountcode.php', { query: { code: 'WELCOME10' } }],
      [discountCodeEndpoint, '/api/discountcode.php', { query: { welcome: 'true' } }],
      [premiumEndpoint, '/api/premium.php', {}],
      [premiumEndpoint, '/api/premium.php', { method: 'DELETE' }],
    ] as const) {
      const answer = await call(endpoint, path, options);
      expect([answer.status, answer.json.error.code], `${options.method ?? 'GET'} ${path}`).toEqual([
        403,
        'not_logged_in',
      ]);
    }
    expect(await ctx().db.select().from(paymentTransactions)).toEqual([]);
  });

  it('shows another member or a visitor only the non-personal fields of a transaction', async () => {
    const a = await member('Anna');
    const b = await member('Bram');
    const started = await call(paymentEndpoint, '/api/payment.php', {
      method: 'POST',
      body: { package: 'popular', method: 'ideal' },
      cookie: a.cookie,
    });
    expect(started.status).toBe(200);
    for (const cookie of [b.cookie, undefined]) {
      const seen = await call(transactionEndpoint, '/api/transaction.php', {
        query: { id: started.json.transaction },
        cookie,
      });
      expect(seen.status).toBe(200);
      expect(Object.keys(seen.json).sort()).toEqual([
        'amount_cents',
        'bonus_credits',
        'credits',
        'currency',
        'discount_cents',
        'package',
        'premium_months',
        'product',
        'return_path',
        'status',
      ]);
      expect(JSON.stringify(seen.json)).not.toContain('anna@example.com');
    }
  });

  it('lets nobody but the member cancel their premium', async () => {
    const a = await member('Anna');
    const b = await member('Bram');
    const bought = await p.buyPaid(a.id, { product: 'premium', productId: 'premium-1m' });
    const cancelAsB = await call(premiumEndpoint, '/api/premium.php', { method: 'DELETE', cookie: b.cookie });
    expect([cancelAsB.status, cancelAsB.json.error.code]).toEqual([404, 'not_found']);
    expect((await call(premiumEndpoint, '/api/premium.php', { cookie: b.cookie })).json).toEqual({
      premium_until: null,
      is_premium: false,
      subscription: null,
    });
    const [plan] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId!));
    expect(plan!.status).toBe('active');
    expect((await call(premiumEndpoint, '/api/premium.php', { cookie: a.cookie })).json.subscription.status).toBe(
      'active',
    );

    const cancelAsA = await call(premiumEndpoint, '/api/premium.php', { method: 'DELETE', cookie: a.cookie });
    expect(cancelAsA.status).toBe(200);
    expect(cancelAsA.json).toMatchObject({
      is_premium: true,
      subscription: { plan: 'premium-1m', status: 'cancelled' },
    });
  });

  it('refuses a malformed query with 422', async () => {
    const { cookie } = await member('Noor');
    const queries: Record<string, string>[] = [
      { code: '<script>' },
      { code: 'WELCOME10', welcome: 'true' },
      {},
      { welcome: 'false' },
      { code: 'A'.repeat(33) },
    ];
    for (const query of queries) {
      const answer = await offer(cookie, query);
      expect([answer.status, answer.json.error.code], JSON.stringify(query)).toEqual([422, 'validation_failed']);
    }
  });
});
