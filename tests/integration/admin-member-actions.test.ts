import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/platform/passwords/passwords';
import { auditLog, images, profiles, sessions, users } from '../../src/server/db/schema';
import { completeSignupLinkResponse } from '../../src/server/http/complete-signup-link';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { passwordEndpoint } from '../../src/server/http/endpoints/password';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { profileEndpoint, searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { periodicJobs } from '../../src/server/lifecycle/periodic-jobs';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { liftEndedSuspensions } from '../../src/server/moderation/lift-suspensions-job';
import { issueAccountToken } from '../../src/server/platform/security/account-tokens';
import { callApi, ORIGIN } from '../helpers/api';
import { useRecordedMails } from '../helpers/recorded-mails';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { loggedInMember } from '../helpers/session';

/** docs/product.md §13 Member actions, taken outside a report, and what the member meets afterwards. */
const { ctx, clock, sent } = useRecordedMails();
const DAY = 24 * 60 * 60_000;

const member = (id: number, action: string, cookie: string, body: unknown = {}) =>
  callAdmin(ctx(), `/admin/api/members/${id}/${action}`, { method: 'POST', cookie, body });
const me = (cookie: string) => callApi(ctx(), userEndpoint, '/api/user.php', { cookie });
const logIn = (email: string, password = MEMBER_PASSWORD) =>
  callApi(ctx(), loginEndpoint, '/api/login.php', { method: 'POST', body: { email, password } });
/** Names found by a member's search of all countries (members' searches are never cached). */
async function searchedNames(cookie: string): Promise<string[]> {
  const answer = await callApi(ctx(), searchEndpoint, '/api/search.php', {
    cookie,
    query: { searchAllCountries: 1, manual_search: 1, do_not_save: 1 },
  });
  expect(answer.status).toBe(200);
  return answer.json.profiles.map((profile: { name: string }) => profile.name);
}
const profileStatus = async (id: number) =>
  (await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id } })).status;
const userRow = async (id: number) => (await ctx().db.select().from(users).where(eq(users.id, id)))[0]!;
const memberAudit = (id: number) =>
  ctx()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'member'), eq(auditLog.objectId, String(id))))
    .orderBy(asc(auditLog.id));

describe('suspending a member', () => {
  it('ends the sessions, refuses log-in, hides the profile until the job lifts the ended suspension', async () => {
    const mark = await loggedInMember(ctx(), 'Mark');
    const sara = await loggedInMember(ctx(), 'Sara', { gender: 'male' });
    expect(await searchedNames(sara.cookie)).toContain('Mark');
    const op = await loggedInOperator(ctx(), 'moderator');

    const answer = await member(mark.id, 'suspend', op.cookie, { days: 3, reason: 'Rude messages' });
    expect(answer.status).toBe(200);
    const until = new Date(clock.now().getTime() + 3 * DAY).toISOString();
    expect(answer.json.member).toEqual({
      memberId: mark.id,
      status: 'active',
      suspendedUntil: until,
      bannedAt: null,
      visible: false,
    });
    const mine = await me(mark.cookie);
    expect(mine.status).toBe(403);
    expect(mine.json.error.code).toBe('not_logged_in');
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, mark.id))).toEqual([]);
    const refused = await logIn('mark@example.com');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'account_suspended', message: 'login.account_suspended' });
    expect(refused.cookies.some((cookie) => cookie.startsWith('amora_session='))).toBe(false);
    // A wrong password learns nothing about the account.
    expect((await logIn('mark@example.com', 'wrong-password')).json.error.code).toBe('invalid_credentials');
    expect(await searchedNames(sara.cookie)).not.toContain('Mark');
    expect(await profileStatus(mark.id)).toBe(404);
    const [entry] = await memberAudit(mark.id);
    expect(entry).toMatchObject({
      action: 'member.suspend',
      objectType: 'member',
      reportId: null,
      operatorId: op.id,
      before: { suspendedUntil: null, isVisible: true },
      after: { suspendedUntil: until, isVisible: false, reason: 'Rude messages' },
    });

    // Not yet over: the job leaves it.
    clock.advance(3 * DAY - 60_000);
    expect(await liftEndedSuspensions(ctx())).toBe(0);
    expect((await logIn('mark@example.com')).status).toBe(403);
    clock.advance(2 * 60_000);
    const job = periodicJobs().find((each) => each.name === 'lift-ended-suspensions')!;
    expect(job.everyMs).toBe(60_000);
    await Promise.all([job.run(ctx()), job.run(ctx())]);
    expect((await userRow(mark.id)).suspendedUntil).toBeNull();
    expect(await searchedNames(sara.cookie)).toContain('Mark');
    expect(await profileStatus(mark.id)).toBe(200);
    expect((await logIn('mark@example.com')).status).toBe(200);
  });

  it('refuses the password reset of a suspended member without using the link', async () => {
    const mark = await createMember(ctx(), { name: 'Mark', email: 'mark@example.com' });
    const op = await loggedInOperator(ctx(), 'moderator');
    await member(mark, 'suspend', op.cookie, { days: 1 });
    const token = await issueAccountToken(ctx(), {
      userId: mark,
      purpose: 'reset_password',
      ttlMs: 2 * DAY,
      data: { email: 'mark@example.com' },
    });
    const reset = () =>
      callApi(ctx(), passwordEndpoint, '/api/password.php', {
        method: 'POST',
        query: { action: 'reset' },
        body: { token, newPassword: 'a-brand-new-password' },
      });
    const refused = await reset();
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('account_suspended');
    expect(await verifyPassword((await userRow(mark)).passwordHash, MEMBER_PASSWORD)).toBe(true);
    clock.advance(DAY + 1000);
    expect((await reset()).status).toBe(200);
  });

  it('refuses a suspension of a banned or deleted member, and of an unknown one', async () => {
    const banned = await createMember(ctx(), { name: 'Ben' });
    const gone = await createMember(ctx(), { name: 'Gina', status: 'deleted', isVisible: false });
    const op = await loggedInOperator(ctx(), 'moderator');
    expect((await member(banned, 'ban', op.cookie)).status).toBe(200);
    const again = await member(banned, 'suspend', op.cookie, { days: 2 });
    expect(again.status).toBe(409);
    expect((await member(banned, 'ban', op.cookie)).status).toBe(409);
    expect((await member(gone, 'suspend', op.cookie, { days: 2 })).status).toBe(409);
    expect((await member(gone, 'warn', op.cookie)).status).toBe(409);
    expect((await member(99_999, 'suspend', op.cookie, { days: 2 })).status).toBe(404);
    expect(await memberAudit(gone)).toEqual([]);
  });
});

describe('banning and unbanning a member', () => {
  it('refuses log-in with account_banned until unbanned; unbanning shows the profile again', async () => {
    const paul = await loggedInMember(ctx(), 'Paul');
    const sara = await loggedInMember(ctx(), 'Sara', { gender: 'male' });
    const op = await loggedInOperator(ctx(), 'moderator');
    const banned = await member(paul.id, 'ban', op.cookie, { reason: 'Scam' });
    expect(banned.json.member).toMatchObject({ bannedAt: clock.now().toISOString(), visible: false });
    expect((await me(paul.cookie)).status).toBe(403);
    const refused = await logIn('paul@example.com');
    expect(refused.json.error).toMatchObject({ code: 'account_banned', message: 'login.account_banned' });
    expect(await searchedNames(sara.cookie)).not.toContain('Paul');
    // The job never shows a banned member.
    clock.advance(400 * DAY);
    await liftEndedSuspensions(ctx());
    expect(await profileStatus(paul.id)).toBe(404);

    const later = await loggedInOperator(ctx(), 'moderator', 'later@ops.example.com');
    const lifted = await member(paul.id, 'unban', later.cookie);
    expect(lifted.json.member).toMatchObject({ bannedAt: null, suspendedUntil: null, visible: true });
    expect(await searchedNames(sara.cookie)).toContain('Paul');
    expect((await logIn('paul@example.com')).status).toBe(200);
    expect((await memberAudit(paul.id)).map((entry) => entry.action)).toEqual(['member.ban', 'member.unban']);
    expect((await member(paul.id, 'unban', later.cookie)).status).toBe(409);
  });

  it('lifts a suspension early, but never makes a deleted account visible', async () => {
    const mark = await createMember(ctx(), { name: 'Mark' });
    const gone = await createMember(ctx(), { name: 'Gina' });
    const op = await loggedInOperator(ctx(), 'moderator');
    await member(mark, 'suspend', op.cookie, { days: 30 });
    await member(gone, 'ban', op.cookie);
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, gone));
    const lifted = await member(mark, 'unban', op.cookie);
    expect(lifted.json.member).toMatchObject({ suspendedUntil: null, visible: true });
    expect((await memberAudit(mark)).at(-1)!.action).toBe('member.unsuspend');
    const unbanned = await member(gone, 'unban', op.cookie);
    expect(unbanned.json.member).toMatchObject({ status: 'deleted', bannedAt: null, visible: false });
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, gone));
    expect(profile!.isVisible).toBe(false);
  });

  it('gives no session to a banned member, even one whose session row survived', async () => {
    const paul = await loggedInMember(ctx(), 'Paul');
    await ctx().db.update(users).set({ bannedAt: clock.now() }).where(eq(users.id, paul.id));
    expect((await me(paul.cookie)).status).toBe(403);
    await ctx()
      .db.update(users)
      .set({ bannedAt: null, suspendedUntil: new Date(clock.now().getTime() + DAY) });
    expect((await me(paul.cookie)).status).toBe(403);
    clock.advance(DAY);
    expect((await me(paul.cookie)).status).toBe(200);
  });

  it('sends a banned member from the complete-signup link to /pages/ban without a session', async () => {
    const paul = await createMember(ctx(), { name: 'Paul', email: 'paul@example.com', lastSignupStep: 2 });
    await ctx().db.update(users).set({ bannedAt: clock.now() }).where(eq(users.id, paul));
    const token = await issueAccountToken(ctx(), {
      userId: paul,
      purpose: 'complete_signup',
      ttlMs: 60 * 60_000,
      data: { email: 'paul@example.com' },
    });
    const url = `${ORIGIN}/complete-signup?token=${token}`;
    const response = await completeSignupLinkResponse(ctx(), {
      request: new Request(url),
      url: new URL(url),
      clientAddress: '203.0.113.9',
      locals: { secureCookies: false },
    });
    expect(response.headers.get('location')).toBe('/pages/ban');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('warning, photo removal and about-me outside a report', () => {
  it('mails a warning in the member’s language and records it', async () => {
    const mark = await createMember(ctx(), { name: 'Mark', email: 'mark@example.com', language: 'pl' });
    const op = await loggedInOperator(ctx(), 'admin');
    expect((await member(mark, 'warn', op.cookie, { reason: 'Spam links' })).status).toBe(200);
    await settleBackgroundMails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'mark@example.com', subject: 'Ostrzeżenie dotyczące twojego konta w Amora' });
    expect((await memberAudit(mark))[0]).toMatchObject({
      action: 'member.warn',
      reportId: null,
      after: { warningMailed: true, reason: 'Spam links' },
    });
  });

  it('removes a photo with its files; another member’s photo is not found', async () => {
    const mark = await loggedInMember(ctx(), 'Mark');
    const other = await createMember(ctx(), { name: 'Olga' });
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#5070a0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const request = new Request(`${ORIGIN}/api/profileimage.php`, { method: 'POST', body: form });
    const uploaded = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
      method: 'POST',
      rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
      headers: { 'content-type': request.headers.get('content-type')! },
      cookie: mark.cookie,
    });
    expect(uploaded.status).toBe(200);
    const [photo] = await ctx().db.select().from(images).where(eq(images.profileId, mark.id));
    expect(await ctx().storage.get(photo!.filename)).not.toBeNull();
    const op = await loggedInOperator(ctx(), 'moderator');
    const remove = (owner: number) =>
      callAdmin(ctx(), `/admin/api/members/${owner}/photos/${photo!.id}`, {
        method: 'DELETE',
        cookie: op.cookie,
        body: {},
      });
    expect((await remove(other)).status).toBe(404);
    expect((await remove(mark.id)).status).toBe(200);
    expect(await ctx().db.select().from(images).where(eq(images.profileId, mark.id))).toEqual([]);
    expect(await ctx().storage.get(photo!.filename)).toBeNull();
    expect(await ctx().storage.get(photo!.thumbFilename)).toBeNull();
    expect((await ctx().db.select().from(profiles).where(eq(profiles.id, mark.id)))[0]!.mainImageId).toBeNull();
    expect((await remove(mark.id)).status).toBe(404);
  });

  it('clears the about-me', async () => {
    const mark = await createMember(ctx(), { name: 'Mark', personal: 'Visit my site' });
    const op = await loggedInOperator(ctx(), 'moderator');
    expect((await member(mark, 'clear-about', op.cookie)).status).toBe(200);
    expect((await ctx().db.select().from(profiles).where(eq(profiles.id, mark)))[0]!.personal).toBeNull();
  });
});

describe('who may take member actions', () => {
  it('refuses support and finance operators', async () => {
    const mark = await createMember(ctx(), { name: 'Mark', personal: 'About' });
    for (const role of ['support', 'finance'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role);
      for (const [action, body] of [
        ['suspend', { days: 2 }],
        ['ban', {}],
        ['unban', {}],
        ['warn', {}],
        ['clear-about', {}],
      ] as const) {
        const answer = await member(mark, action, cookie, body);
        expect(answer.status, `${role} ${action}`).toBe(403);
        expect(answer.json.error.code).toBe('forbidden');
      }
      const photo = await callAdmin(ctx(), `/admin/api/members/${mark}/photos/1`, {
        method: 'DELETE',
        cookie,
        body: {},
      });
      expect(photo.status).toBe(403);
    }
    const row = await userRow(mark);
    expect(row.suspendedUntil).toBeNull();
    expect(row.bannedAt).toBeNull();
    expect(await memberAudit(mark)).toEqual([]);
  });
});
