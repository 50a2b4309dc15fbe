import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from '../../src/server/platform/accounts/deleted-email';
import { creditOverview } from '../../src/server/credits/credit-overview';
import { grantCredits } from '../../src/server/credits/credits';
import {
  creditLedger,
  profiles,
  reports,
  sandboxSubscriptions,
  sessions,
  subscriptions,
  users,
} from '../../src/server/db/schema';
import { premiumEndpoint } from '../../src/server/http/endpoints/payments';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { creditReasonKey } from '../../src/shared/rules/credit-reasons';
import { callApi } from '../helpers/api';
import { addImage, createMember } from '../helpers/factories';
import { loggedInOperator } from '../helpers/operators';
import { DAY_MS, useMemberSupportHarness } from '../helpers/member-support';

/** docs/product.md §13 Members: finding members, their record, and the support and admin actions. */
const { ctx, clock, p, operator, admin, auditOf, userRow, memberCookie } = useMemberSupportHarness();

describe('finding members', () => {
  it('finds by id, e-mail address, part of the name and site, newest first, 25 a page', async () => {
    const { cookie } = await operator('support');
    const anna = await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const hanna = await createMember(ctx(), { name: 'Hanna', email: 'hanna@example.com', site: 'flirtbox' });
    await createMember(ctx(), { name: 'Bert', email: 'bert@example.com' });
    const find = async (query: Record<string, string | number>) => {
      const found = await admin(cookie, '/admin/api/members', { query });
      expect(found.status).toBe(200);
      return found.json as { members: { id: number; name: string; email: string | null }[]; hasMore: boolean };
    };

    expect((await find({ q: String(anna) })).members.map((m) => m.id)).toEqual([anna]);
    expect((await find({ q: `#${hanna}` })).members.map((m) => m.id)).toEqual([hanna]);
    expect((await find({ q: '99999999999' })).members).toEqual([]);
    expect((await find({ q: ' ANNA@Example.com ' })).members).toMatchObject([
      { id: anna, name: 'Anna', email: 'anna@example.com', site: 'amora', status: 'active', credits: 0 },
    ]);
    expect((await find({ q: 'nna@example.com' })).members).toEqual([]);
    expect((await find({ q: 'nNa' })).members.map((m) => m.id)).toEqual([hanna, anna]);
    expect((await find({ q: 'nna', site: 'flirtbox' })).members.map((m) => m.id)).toEqual([hanna]);
    expect((await find({ q: 'anna@example.com', site: 'flirtbox' })).members).toEqual([]);
    expect((await find({ q: '%' })).members).toEqual([]);
    expect((await find({ site: 'amora' })).members.map((m) => m.name)).toEqual(['Bert', 'Anna']);

    for (let i = 0; i < 26; i++) await createMember(ctx(), { name: `Pat ${i}` });
    const first = await find({ q: 'pat' });
    expect(first.members).toHaveLength(25);
    expect(first.members[0]!.name).toBe('Pat 25');
    expect(first.hasMore).toBe(true);
    const second = await find({ q: 'pat', page: 2 });
    expect(second.members.map((m) => m.name)).toEqual(['Pat 0']);
    expect(second.hasMore).toBe(false);
  });

  it('finds a deleted account by its former address without showing it', async () => {
    const { cookie } = await operator('moderator');
    const gone = await createMember(ctx(), { name: '', status: 'deleted' });
    await ctx()
      .db.update(users)
      .set({ email: deletedEmailMarker(ctx().secret, 'amora', 'gone@example.com') })
      .where(eq(users.id, gone));
    const found = await admin(cookie, '/admin/api/members', { query: { q: 'gone@example.com' } });
    expect(found.json.members).toMatchObject([{ id: gone, status: 'deleted', email: null }]);
  });

  it('is refused to finance operators (403)', async () => {
    const { cookie } = await operator('finance');
    const anna = await createMember(ctx(), { name: 'Anna' });
    expect((await admin(cookie, '/admin/api/members', { query: { q: 'anna' } })).status).toBe(403);
    expect((await admin(cookie, `/admin/api/members/${anna}`)).json.error.code).toBe('forbidden');
  });
});

describe('the member record', () => {
  it('shows profile, status, sessions, ledger, payments, tracking and reports, and no secrets', async () => {
    const { cookie } = await operator('moderator');
    const mila = await createMember(ctx(), { name: 'Mila', email: 'mila@example.com', city: 'Utrecht' });
    const other = await createMember(ctx(), { name: 'Olaf' });
    await addImage(ctx(), mila);
    await ctx().db.update(profiles).set({ mainImageId: null }).where(eq(profiles.id, mila));
    const memberSession = await memberCookie('mila@example.com');
    await ctx()
      .db.update(users)
      .set({ tracking: { network: 'adnet', sub1: 'spring' }, referrer: 'https://ref.example' })
      .where(eq(users.id, mila));
    await grantCredits(ctx().db, mila, 30, 'welcome');
    const paid = await p.buyPaid(mila);
    await ctx()
      .db.insert(reports)
      .values([
        { reporterId: mila, profileId: other, reason: 'spam', details: 'Sends links' },
        { reporterId: other, profileId: mila, reason: 'fake', status: 'reviewed', outcome: 'dismissed' },
      ]);
    await ctx()
      .db.update(users)
      .set({ suspendedUntil: new Date(clock.now().getTime() + DAY_MS) })
      .where(eq(users.id, mila));

    const record = await admin(cookie, `/admin/api/members/${mila}`);
    expect(record.status).toBe(200);
    const json = record.json;
    expect(json.account).toMatchObject({
      id: mila,
      site: 'amora',
      siteName: 'Amora',
      email: 'mila@example.com',
      status: 'active',
      suspendedUntil: new Date(clock.now().getTime() + DAY_MS).toISOString(),
      bannedAt: null,
    });
    expect(json.profile).toMatchObject({ name: 'Mila', city: 'Utrecht', age: 31, photos: { approved: 1 } });
    expect(json.profile.mainPhoto.url).toBe(`/media/p/${mila}-0-t.webp`);
    expect(json.credits).toMatchObject({ balance: 30 + paid.credits + paid.bonusCredits, debt: 0, isPremium: false });
    expect(json.sessions).toHaveLength(1);
    expect(Object.keys(json.sessions[0]).sort()).toEqual([
      'browser',
      'country',
      'kind',
      'lastActiveAt',
      'os',
      'startedAt',
    ]);
    expect(json.ledger.map((row: { reason: string }) => row.reason)).toEqual(['purchase:popular', 'welcome']);
    expect(json.ledger[0].transaction).toBe(paid.publicId);
    expect(json.transactions).toMatchObject([{ publicId: paid.publicId, status: 'paid', productId: 'popular' }]);
    expect(json.tracking).toMatchObject({
      record: { network: 'adnet', sub1: 'spring' },
      referrer: 'https://ref.example',
    });
    expect(json.reportsBy).toMatchObject([{ otherId: other, otherName: 'Olaf', reason: 'spam', status: 'open' }]);
    expect(json.reportsAbout).toMatchObject([{ otherId: other, reason: 'fake', outcome: 'dismissed' }]);

    const text = JSON.stringify(json);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, mila));
    const [session] = await ctx().db.select().from(sessions).where(eq(sessions.userId, mila));
    expect(text).not.toContain(row!.passwordHash);
    expect(text).not.toContain(session!.id);
    expect(text).not.toContain(memberSession.split('=')[1]);
    expect(text).not.toMatch(/password|token/i);
  });

  it('answers 404 for an unknown member', async () => {
    const { cookie } = await operator('support');
    expect((await admin(cookie, '/admin/api/members/424242')).status).toBe(404);
    expect((await admin(cookie, '/admin/api/members/9999999999')).status).toBe(404);
  });
});

describe('adjusting credits', () => {
  it('changes the balance with a ledger row and one audit row; the member sees both', async () => {
    const { cookie, id: operatorId } = await operator('support');
    const kim = await createMember(ctx(), { name: 'Kim', email: 'kim@example.com' });
    await grantCredits(ctx().db, kim, 5, 'welcome');
    const kimCookie = await memberCookie('kim@example.com');

    const adjusted = await admin(cookie, `/admin/api/members/${kim}/credits`, {
      method: 'POST',
      body: { amount: 20, reason: '  Goodwill after a failed payment ' },
    });
    expect(adjusted.status).toBe(200);
    expect(adjusted.json).toEqual({ credits: 25 });
    const ledger = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, kim));
    expect(ledger.at(-1)).toMatchObject({ delta: 20, reason: 'adjustment:Goodwill after a failed payment' });
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: kimCookie })).json.credits).toBe(25);
    const overview = await creditOverview(ctx(), p.site(), kim);
    expect(overview.credits).toBe(25);
    expect(overview.history[0]).toMatchObject({ delta: 20 });
    expect(creditReasonKey(overview.history[0]!.reason)).toBe('credits.reason_adjustment');
    expect(await auditOf(kim)).toMatchObject([
      {
        operatorId,
        action: 'credits.adjust',
        before: { credits: 5 },
        after: { credits: 25, delta: 20, reason: 'Goodwill after a failed payment' },
      },
    ]);

    const taken = await admin(cookie, `/admin/api/members/${kim}/credits`, {
      method: 'POST',
      body: { amount: -25, reason: 'Duplicate grant' },
    });
    expect(taken.json).toEqual({ credits: 0 });
    expect((await auditOf(kim)).length).toBe(2);
  });

  it('never takes the balance below 0 and requires a reason', async () => {
    const { cookie } = await operator('admin');
    const kim = await createMember(ctx(), { name: 'Kim' });
    await grantCredits(ctx().db, kim, 5, 'welcome');
    const adjust = (body: unknown) => admin(cookie, `/admin/api/members/${kim}/credits`, { method: 'POST', body });

    const below = await adjust({ amount: -6, reason: 'Too many' });
    expect(below.status).toBe(409);
    expect(below.json.error.code).toBe('conflict');
    for (const body of [
      { amount: 5 },
      { amount: 5, reason: 'ok' },
      { amount: 5, reason: '   ' },
      { amount: 5, reason: 'x'.repeat(201) },
      { amount: 0, reason: 'Nothing' },
      { amount: 1.5, reason: 'Half' },
    ]) {
      expect((await adjust(body)).status).toBe(422);
    }
    expect((await userRow(kim)).credits).toBe(5);
    expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, kim))).toHaveLength(1);
    expect(await auditOf(kim)).toEqual([]);
  });

  it('is refused to moderators (403) and for a deleted account (409)', async () => {
    const moderator = await operator('moderator');
    const support = await operator('support');
    const kim = await createMember(ctx(), { name: 'Kim' });
    const body = { amount: 10, reason: 'Goodwill' };
    expect((await admin(moderator.cookie, `/admin/api/members/${kim}/credits`, { method: 'POST', body })).status).toBe(
      403,
    );
    expect((await userRow(kim)).credits).toBe(0);
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, kim));
    expect((await admin(support.cookie, `/admin/api/members/${kim}/credits`, { method: 'POST', body })).status).toBe(
      409,
    );
    expect((await admin(support.cookie, '/admin/api/members/424242/credits', { method: 'POST', body })).status).toBe(
      404,
    );
    expect(await auditOf(kim)).toEqual([]);
  });
});

describe('premium', () => {
  it('grants days from the later of now and the current end; the member sees premium', async () => {
    const { cookie } = await operator('support');
    const lea = await createMember(ctx(), { name: 'Lea', email: 'lea@example.com' });
    const leaCookie = await memberCookie('lea@example.com');
    const grant = (days: number) =>
      admin(cookie, `/admin/api/members/${lea}/premium`, { method: 'POST', body: { days } });

    const first = await grant(30);
    const end = new Date(clock.now().getTime() + 30 * DAY_MS);
    expect(first.json).toEqual({ premiumUntil: end.toISOString() });
    const premium = await callApi(ctx(), premiumEndpoint, '/api/premium.php', { cookie: leaCookie });
    expect(premium.json).toMatchObject({ is_premium: true, premium_until: end.toISOString() });
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: leaCookie })).json.is_premium).toBe(true);

    const second = await grant(10);
    expect(second.json).toEqual({ premiumUntil: new Date(end.getTime() + 10 * DAY_MS).toISOString() });
    expect((await grant(0)).status).toBe(422);
    expect((await grant(367)).status).toBe(422);
    expect(await auditOf(lea)).toMatchObject([
      { action: 'premium.grant', before: { premiumUntil: null }, after: { premiumUntil: end.toISOString(), days: 30 } },
      { action: 'premium.grant', before: { premiumUntil: end.toISOString() } },
    ]);
  });

  it('revokes: premium ends now and the renewing plan is cancelled at the provider', async () => {
    const { cookie } = await operator('admin');
    const noor = await p.buyer({ email: 'noor@example.com', name: 'Noor' });
    const { row } = await p.buy(noor, { product: 'premium', productId: 'premium-1m', method: 'ideal' });
    await p.pay(row.providerPaymentId!);
    expect(await settleTransaction(ctx(), row.providerPaymentId!)).toEqual({ ok: true, value: { status: 'paid' } });
    const [plan] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.userId, noor));
    expect(plan).toMatchObject({ status: 'active' });
    expect(plan!.providerSubscriptionId).toMatch(/^sub_/);
    const noorCookie = await memberCookie('noor@example.com');
    clock.advance(60_000);

    const revoked = await admin(cookie, `/admin/api/members/${noor}/premium`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ premiumUntil: clock.now().toISOString(), cancelledRenewal: true });
    const [cancelled] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(cancelled!.status).toBe('cancelled');
    const [atProvider] = await ctx()
      .db.select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, plan!.providerSubscriptionId!));
    expect(atProvider!.status).toBe('canceled');
    const premium = await callApi(ctx(), premiumEndpoint, '/api/premium.php', { cookie: noorCookie });
    expect(premium.json).toMatchObject({ is_premium: false, subscription: null });
    const audit = await auditOf(noor);
    expect(audit).toMatchObject([
      { action: 'premium.revoke', after: { premiumUntil: clock.now().toISOString(), renewing: false } },
    ]);

    const again = await admin(cookie, `/admin/api/members/${noor}/premium`, { method: 'DELETE' });
    expect(again.status).toBe(409);
    expect(await auditOf(noor)).toHaveLength(1);
  });

  it('is refused to moderators and finance operators (403)', async () => {
    const lea = await createMember(ctx(), { name: 'Lea' });
    for (const role of ['moderator', 'finance'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role, `${role}-p@ops.example.com`);
      const grant = await admin(cookie, `/admin/api/members/${lea}/premium`, { method: 'POST', body: { days: 5 } });
      expect(grant.status).toBe(403);
      expect((await admin(cookie, `/admin/api/members/${lea}/premium`, { method: 'DELETE' })).status).toBe(403);
    }
    expect((await userRow(lea)).premiumUntil).toBeNull();
  });
});
