import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from '../../src/server/platform/accounts/deleted-email';
import { peekPasswordReset } from '../../src/server/auth/password-reset';
import { grantCredits } from '../../src/server/credits/credits';
import {
  accountTokens,
  creditLedger,
  images,
  profiles,
  sessions,
  subscriptions,
  users,
} from '../../src/server/db/schema';
import { passwordEndpoint } from '../../src/server/http/endpoints/password';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { confirmActivation } from '../../src/server/signup/activation';
import { callApi } from '../helpers/api';
import { addImage, createMember } from '../helpers/factories';
import { loggedInOperator } from '../helpers/operators';
import { useMemberSupportHarness } from '../helpers/member-support';

/** docs/product.md §13 Members: mails on the member’s behalf and deleting a member. */
const { ctx, clock, p, mailsTo, operator, admin, auditOf, userRow, memberCookie } = useMemberSupportHarness();

describe('mails on the member’s behalf', () => {
  it('resends the activation mail to an unconfirmed member; its link confirms the account', async () => {
    const { cookie } = await operator('support');
    const una = await createMember(ctx(), { name: 'Una', email: 'una@example.com', status: 'not_confirmed' });
    const sent = await admin(cookie, `/admin/api/members/${una}/activation-mail`, { method: 'POST' });
    expect(sent.status).toBe(200);
    const mails = await mailsTo('una@example.com');
    expect(mails).toHaveLength(1);
    const token = /http:\/\/localhost:4321\/activate\/confirm\?token=([\w-]+)/.exec(mails[0]!.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await confirmActivation(ctx(), token!)).toBe('done');
    expect((await userRow(una)).status).toBe('active');
    expect(await auditOf(una)).toMatchObject([{ action: 'member.resend_activation', before: null, after: null }]);

    const confirmed = await admin(cookie, `/admin/api/members/${una}/activation-mail`, { method: 'POST' });
    expect(confirmed.status).toBe(409);
    expect(await mailsTo('una@example.com')).toHaveLength(1);
    expect(await auditOf(una)).toHaveLength(1);
  });

  it('sends the normal password-reset mail; the operator never gets the link', async () => {
    const { cookie } = await operator('support');
    const rita = await createMember(ctx(), { name: 'Rita', email: 'rita@example.com', site: 'flirtbox' });
    const sent = await admin(cookie, `/admin/api/members/${rita}/password-reset`, { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ sent: true });
    const mails = await mailsTo('rita@example.com');
    expect(mails).toHaveLength(1);
    const token = /https:\/\/flirtbox\.test\/reset-password\/do\?token=([\w-]{43})/.exec(mails[0]!.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(JSON.stringify(sent.json)).not.toContain(token!);
    expect(await peekPasswordReset(ctx(), token!)).toEqual({ ok: true, value: { userId: rita } });
    expect(await ctx().db.select().from(accountTokens).where(eq(accountTokens.userId, rita))).toHaveLength(1);
    expect(await auditOf(rita)).toMatchObject([{ action: 'member.password_reset_link' }]);
  });

  it('sends the reset link however many requests strangers made for the address', async () => {
    const { cookie } = await operator('support');
    const rita = await createMember(ctx(), { name: 'Rita', email: 'rita@example.com' });
    for (let i = 0; i < 8; i++) {
      const stranger = await callApi(ctx(), passwordEndpoint, '/api/password.php', {
        method: 'POST',
        query: { action: 'request-reset' },
        body: { email: 'rita@example.com' },
        clientAddress: `198.51.100.${i}`,
      });
      expect(stranger.status).toBe(200);
    }
    const before = (await mailsTo('rita@example.com')).length;
    const sent = await admin(cookie, `/admin/api/members/${rita}/password-reset`, { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(await mailsTo('rita@example.com')).toHaveLength(before + 1);
  });

  it('sends nothing to a deleted account, and neither mail may be sent by moderators (403)', async () => {
    const support = await operator('support');
    const moderator = await operator('moderator');
    const una = await createMember(ctx(), { name: 'Una', email: 'una@example.com', status: 'not_confirmed' });
    for (const action of ['activation-mail', 'password-reset']) {
      expect((await admin(moderator.cookie, `/admin/api/members/${una}/${action}`, { method: 'POST' })).status).toBe(
        403,
      );
    }
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, una));
    expect((await admin(support.cookie, `/admin/api/members/${una}/password-reset`, { method: 'POST' })).status).toBe(
      409,
    );
    expect(await mailsTo('una@example.com')).toEqual([]);
    expect(await auditOf(una)).toEqual([]);
  });
});

describe('deleting a member', () => {
  it('removes the personal data as self-deletion does, cancels renewals and audits without the address', async () => {
    const { cookie } = await operator('admin');
    const zoe = await p.buyer({ email: 'zoe@example.com', name: 'Zoe', city: 'Delft' });
    await addImage(ctx(), zoe);
    await grantCredits(ctx().db, zoe, 12, 'welcome');
    const { row } = await p.buy(zoe, { product: 'premium', productId: 'premium-1m', method: 'ideal' });
    await p.pay(row.providerPaymentId!);
    await settleTransaction(ctx(), row.providerPaymentId!);
    const zoeCookie = await memberCookie('zoe@example.com');

    const wrong = await admin(cookie, `/admin/api/members/${zoe}`, { method: 'DELETE', body: { confirm: zoe + 1 } });
    expect(wrong.status).toBe(422);
    expect((await userRow(zoe)).status).toBe('active');

    const deleted = await admin(cookie, `/admin/api/members/${zoe}`, { method: 'DELETE', body: { confirm: zoe } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ deleted: true });
    const user = await userRow(zoe);
    expect(user).toMatchObject({
      status: 'deleted',
      email: deletedEmailMarker(ctx().secret, 'amora', 'zoe@example.com'),
      deleteReason: null,
    });
    expect(user.deletedAt).toEqual(clock.now());
    expect((await ctx().db.select().from(profiles).where(eq(profiles.id, zoe)))[0]).toMatchObject({
      name: '',
      city: null,
      isVisible: false,
    });
    expect(await ctx().db.select().from(images).where(eq(images.profileId, zoe))).toEqual([]);
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, zoe))).toEqual([]);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: zoeCookie })).status).toBe(403);
    expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, zoe))).not.toEqual([]);
    expect((await ctx().db.select().from(subscriptions).where(eq(subscriptions.userId, zoe)))[0]!.status).toBe(
      'cancelled',
    );

    const audit = await auditOf(zoe);
    expect(audit).toMatchObject([
      { action: 'member.delete', before: { status: 'active', site: 'amora' }, after: { status: 'deleted' } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('zoe@example.com');

    const again = await admin(cookie, `/admin/api/members/${zoe}`, { method: 'DELETE', body: { confirm: zoe } });
    expect(again.status).toBe(409);
    expect(await auditOf(zoe)).toHaveLength(1);
    const record = await admin(cookie, `/admin/api/members/${zoe}`);
    expect(record.json.account).toMatchObject({ status: 'deleted', email: null });
  });

  it('is for admins only: support and moderators get 403 and nothing changes', async () => {
    const zoe = await createMember(ctx(), { name: 'Zoe' });
    for (const role of ['support', 'moderator'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role, `${role}-d@ops.example.com`);
      const refused = await admin(cookie, `/admin/api/members/${zoe}`, { method: 'DELETE', body: { confirm: zoe } });
      expect(refused.status).toBe(403);
    }
    expect((await userRow(zoe)).status).toBe('active');
    expect(await auditOf(zoe)).toEqual([]);
  });
});
