import { eq, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, conversions, messages, profiles, reports, users } from '../../src/server/db/schema';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { purchaseHelpers } from '../helpers/purchases';

/** docs/product.md §13 Dashboard through the real operator API: today (UTC) against the 7 days before. */
const { ctx, clock } = useTestContext();
const p = purchaseHelpers(ctx, clock);
const NOW = '2026-11-21T12:00:00Z';
const at = (iso: string) => new Date(iso);

/** A conversion of a new account on `site` at `when`. */
async function conversion(event: 'signup' | 'activation', when: string, site = 'amora') {
  const userId = await createMember(ctx(), { site });
  await ctx()
    .db.insert(conversions)
    .values({ userId, site, event, key: event, createdAt: at(when) });
}

/** `count` messages from `sender` to `recipient` at `when`. */
async function messagesAt(sender: number, recipient: number, when: string, count: number) {
  const [low, high] = sender < recipient ? [sender, recipient] : [recipient, sender];
  const [conversation] = await ctx()
    .db.insert(conversations)
    .values({ memberLow: low, memberHigh: high })
    .onConflictDoUpdate({
      target: [conversations.memberLow, conversations.memberHigh],
      set: { lastMessageAt: at(when) },
    })
    .returning({ id: conversations.id });
  for (let i = 0; i < count; i += 1)
    await ctx()
      .db.insert(messages)
      .values({ conversationId: conversation!.id, senderId: sender, text: 'hi', createdAt: at(when) });
}

async function seed() {
  // Signups: 3 today (one just after midnight UTC), 3 in the 7 days before, 1 just before those; 2 of another site today.
  for (const when of ['2026-11-21T00:00:00Z', '2026-11-21T09:00:00Z', '2026-11-21T11:59:00Z'])
    await conversion('signup', when);
  for (const when of ['2026-11-20T23:59:59Z', '2026-11-17T10:00:00Z', '2026-11-14T00:00:00Z'])
    await conversion('signup', when);
  await conversion('signup', '2026-11-13T23:59:59Z');
  await conversion('signup', '2026-11-21T08:00:00Z', 'flirtbox');
  await conversion('signup', '2026-11-21T08:00:00Z', 'flirtbox');
  await conversion('activation', '2026-11-21T10:00:00Z');
  await conversion('activation', '2026-11-18T10:00:00Z');
  await conversion('activation', '2026-11-16T10:00:00Z');

  // Members active now, 3 days ago and 10 days ago; a demo and a deleted member active now are not counted.
  const activeIds: number[] = [];
  const active = (when: string, extra: Parameters<typeof createMember>[1] = {}) =>
    createMember(ctx(), extra).then(async (id) => {
      await ctx()
        .db.update(profiles)
        .set({ lastActiveAt: at(when) })
        .where(eq(profiles.id, id));
      activeIds.push(id);
      return id;
    });
  const ann = await active('2026-11-21T11:00:00Z');
  const bob = await active('2026-11-20T12:30:00Z');
  await active('2026-11-18T12:00:00Z');
  await active('2026-11-11T12:00:00Z');
  const demo = await active(NOW);
  await ctx().db.update(users).set({ isDemo: true }).where(eq(users.id, demo));
  await active(NOW, { status: 'deleted' });
  const flirt = await active(NOW, { site: 'flirtbox' });

  // Messages: 4 today, 5 in the 7 days before, 2 older; 1 on another site today.
  await messagesAt(ann, bob, '2026-11-21T01:00:00Z', 4);
  await messagesAt(bob, ann, '2026-11-19T01:00:00Z', 5);
  await messagesAt(bob, ann, '2026-11-10T01:00:00Z', 2);
  const flirtPartner = await createMember(ctx(), { site: 'flirtbox' });
  await messagesAt(flirt, flirtPartner, '2026-11-21T02:00:00Z', 1);

  // Reports: two open (the oldest 3 hours old), one worked long ago.
  const report = (when: string, status: 'open' | 'reviewed' = 'open') =>
    ctx()
      .db.insert(reports)
      .values({ reporterId: ann, profileId: bob, reason: 'spam', status, createdAt: at(when) });
  await report('2026-11-21T09:00:00Z');
  await report('2026-11-21T11:00:00Z');
  await report('2026-11-01T00:00:00Z', 'reviewed');

  // Revenue: 19.99 EUR paid today; 8.99 GBP paid 3 days ago; 9.99 EUR paid 2 days ago and refunded today.
  clock.set('2026-11-18T12:00:00Z');
  await p.buyPaid(await p.buyer({ country: 'GB' }), { productId: 'starter', method: 'creditcard' });
  clock.set('2026-11-19T12:00:00Z');
  const refunded = await p.buyPaid(await p.buyer(), { productId: 'starter' });
  clock.set(NOW);
  await p.buyPaid(await p.buyer());
  await p.sandbox().refundPayment(refunded.providerPaymentId!, 999, 'EUR');
  await settleTransaction(ctx(), refunded.providerPaymentId!);
  // Every other profile was last active long ago (the column defaults to the database's own clock).
  await ctx()
    .db.update(profiles)
    .set({ lastActiveAt: at('2026-01-01T00:00:00Z') })
    .where(notInArray(profiles.id, activeIds));
}

describe('dashboard', () => {
  it('counts today (UTC) against the 7 days before, with revenue per currency for finance', async () => {
    await seed();
    const finance = await loggedInOperator(ctx(), 'finance');
    const answer = await callAdmin(ctx(), '/admin/api/dashboard', { cookie: finance.cookie, query: { site: 'amora' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      day: '2026-11-21',
      signups: { today: 3, last7Days: 3 },
      activations: { today: 1, last7Days: 2 },
      messages: { today: 4, last7Days: 5 },
      activeMembers: { last24Hours: 2, last7Days: 3 },
      openReports: { count: 2, oldestAgeSeconds: 3 * 3600 + 30 },
      revenue: [
        { currency: 'EUR', todayCents: 1999 - 999, last7DaysCents: 999 },
        { currency: 'GBP', todayCents: 0, last7DaysCents: 899 },
      ],
    });
    // Every site together.
    const all = await callAdmin(ctx(), '/admin/api/dashboard', { cookie: finance.cookie });
    expect(all.json).toMatchObject({
      signups: { today: 5, last7Days: 3 },
      messages: { today: 5, last7Days: 5 },
      activeMembers: { last24Hours: 3, last7Days: 4 },
    });
  });

  it('leaves revenue out of the answer for roles that may not open Payments', async () => {
    await seed();
    for (const role of ['moderator', 'support'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role);
      const answer = await callAdmin(ctx(), '/admin/api/dashboard', { cookie });
      expect(answer.status).toBe(200);
      expect(answer.json).not.toHaveProperty('revenue');
      expect(answer.json.openReports.count).toBe(2);
    }
    const admin = await loggedInOperator(ctx(), 'admin');
    expect((await callAdmin(ctx(), '/admin/api/dashboard', { cookie: admin.cookie })).json.revenue).toHaveLength(2);
  });

  it('shows zeros and no report age on an empty site, and needs a logged-in operator', async () => {
    const moderator = await loggedInOperator(ctx(), 'moderator');
    const answer = await callAdmin(ctx(), '/admin/api/dashboard', { cookie: moderator.cookie });
    expect(answer.json).toEqual({
      day: '2026-11-21',
      signups: { today: 0, last7Days: 0 },
      activations: { today: 0, last7Days: 0 },
      messages: { today: 0, last7Days: 0 },
      activeMembers: { last24Hours: 0, last7Days: 0 },
      openReports: { count: 0, oldestAgeSeconds: null },
    });
    expect((await callAdmin(ctx(), '/admin/api/dashboard')).status).toBe(403);
  });
});
