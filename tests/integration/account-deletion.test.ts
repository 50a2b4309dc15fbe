import { eq, or } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from '../../src/server/platform/accounts/deleted-email';
import { hashPassword } from '../../src/server/platform/passwords/passwords';
import { grantCredits } from '../../src/server/credits/credits';
import {
  accountTokens,
  creditLedger,
  dataExports,
  images,
  likes,
  messages,
  notificationSettings,
  profiles,
  pushSubscriptions,
  sessions,
  users,
} from '../../src/server/db/schema';
import { accountEndpoint } from '../../src/server/http/endpoints/account';
import { chatEndpoint, chatsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { profileEndpoint, searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { validateEmailEndpoint } from '../../src/server/http/endpoints/validate-email';
import { openChatPage } from '../../src/server/pages/open-chat-page';
import { openMemberPage } from '../../src/server/pages/open-member-page';
import { issueAccountToken } from '../../src/server/platform/security/account-tokens';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const account = (cookie: string | undefined, options: Parameters<typeof callApi>[3] = {}) =>
  callApi(ctx(), accountEndpoint, '/api/account.php', { cookie, ...options });
const deleteAs = (cookie: string | undefined, body: unknown) => account(cookie, { method: 'DELETE', body });
const showOffer = (cookie: string | undefined) => account(cookie, { method: 'POST', query: { delete_offer: 'show' } });
const acceptOffer = (cookie: string | undefined) =>
  account(cookie, { method: 'POST', query: { delete_offer: 'accept' } });
const checkAddress = (email: string) =>
  callApi(ctx(), validateEmailEndpoint, '/api/validate_email.php', { query: { email } });
const signUp = (email: string, password: string, token: string | null) =>
  callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: { email, name: 'Xena', password, language: 'en', token },
    clientAddress: '192.0.2.51',
  });

async function uploadPhoto(cookie: string): Promise<void> {
  const png = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c06' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const request = new Request('http://localhost:4321/api/profileimage.php', { method: 'POST', body: form });
  const uploaded = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie,
  });
  expect(uploaded.status).toBe(200);
}

/** Xena with a photo, a push subscription, likes both ways, settings, a token, an export, credits and a second session; Yves who chats with her. */
async function xenaAndYves() {
  const xena = await loggedInMember(ctx(), 'Xena', {
    city: 'Utrecht',
    personal: 'About me',
    fields: { smoking: 'no' },
  });
  const yves = await loggedInMember(ctx(), 'Yves');
  await ctx().db.update(users).set({ credits: 50 }).where(eq(users.id, yves.id));
  await ctx()
    .db.update(users)
    .set({ tracking: { network: 'adnet' } as never, referrer: 'https://ref.example', userAgent: 'UA', timezone: 'UTC' })
    .where(eq(users.id, xena.id));
  await uploadPhoto(xena.cookie);
  await grantCredits(ctx().db, xena.id, 30, 'welcome');
  await ctx()
    .db.insert(pushSubscriptions)
    .values({ userId: xena.id, endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a' });
  await ctx().db.insert(notificationSettings).values({ userId: xena.id, likeMail: false });
  await issueAccountToken(ctx(), { userId: xena.id, purpose: 'reset_password', ttlMs: 60_000 });
  await ctx().storage.put('exports/xena.zip', new Uint8Array([1, 2, 3]));
  await ctx().db.insert(dataExports).values({ userId: xena.id, status: 'ready', fileKey: 'exports/xena.zip' });
  const like = (cookie: string, profile: number) =>
    callApi(ctx(), likesEndpoint, '/api/likes.php', { method: 'POST', body: { profile }, cookie });
  await like(xena.cookie, yves.id);
  await like(yves.cookie, xena.id);
  const conversation = (
    await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: yves.cookie, query: { profile: xena.id } })
  ).json.id as number;
  const send = (cookie: string, text: string) =>
    callApi(ctx(), messagesEndpoint, '/api/messages.php', { method: 'POST', cookie, body: { conversation, text } });
  expect((await send(yves.cookie, 'Hi Xena')).status).toBe(200);
  expect((await send(xena.cookie, 'Hi Yves')).status).toBe(200);
  const second = await callApi(ctx(), loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email: 'xena@example.com', password: MEMBER_PASSWORD },
  });
  return { xena, yves, conversation, send, xenaSecondCookie: sessionCookieFrom(second.cookies) };
}

describe('account deletion (docs/product.md §10)', () => {
  it('removes everything personal, keeps messages and the ledger, and clears the session cookie', async () => {
    const { xena, yves } = await xenaAndYves();
    const photoFiles = (await ctx().db.select().from(images).where(eq(images.profileId, xena.id))).flatMap((row) => [
      row.filename,
      row.thumbFilename,
    ]);
    expect(photoFiles).toHaveLength(2);
    for (const key of photoFiles) expect(await ctx().storage.exists(key)).toBe(true);

    const deleted = await deleteAs(xena.cookie, { password: MEMBER_PASSWORD, reason: 'privacy' });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ deleted: true });
    expect(deleted.cookies.some((cookie) => /^amora_session=;/.test(cookie) && /Max-Age=0/i.test(cookie))).toBe(true);

    for (const key of [...photoFiles, 'exports/xena.zip']) expect(await ctx().storage.exists(key)).toBe(false);
    const db = ctx().db;
    expect(await db.select().from(images).where(eq(images.profileId, xena.id))).toEqual([]);
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, xena.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(likes)
        .where(or(eq(likes.likerId, xena.id), eq(likes.likedId, xena.id))),
    ).toEqual([]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, xena.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, xena.id))).toEqual([]);
    expect(await db.select().from(accountTokens).where(eq(accountTokens.userId, xena.id))).toEqual([]);
    expect(await db.select().from(notificationSettings).where(eq(notificationSettings.userId, xena.id))).toEqual([]);

    const [user] = await db.select().from(users).where(eq(users.id, xena.id));
    expect(user).toMatchObject({
      status: 'deleted',
      deleteReason: 'privacy',
      email: deletedEmailMarker(ctx().secret, 'amora', 'xena@example.com'),
      tracking: null,
      referrer: null,
      userAgent: null,
      timezone: null,
    });
    expect(user!.deletedAt).toEqual(new Date('2026-11-21T12:00:00Z'));
    expect(user!.passwordHash).not.toMatch(/^\$argon2/);
    expect(JSON.stringify(user)).not.toContain('xena');
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, xena.id));
    expect(profile).toMatchObject({
      name: '',
      gender: null,
      dateOfBirth: null,
      city: null,
      personal: null,
      fields: {},
      mainImageId: null,
      isVisible: false,
    });
    expect(await db.select().from(creditLedger).where(eq(creditLedger.userId, xena.id))).toHaveLength(2);
    const kept = await db.select().from(messages);
    expect(kept.map((m) => m.text).sort()).toEqual(['Hi Xena', 'Hi Yves']);
    // Yves's side is untouched.
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: yves.cookie })).status).toBe(200);
  });

  it('makes the address "deleted" for the e-mail check and login, and the member vanishes from profile, search and likes', async () => {
    const { xena, yves, xenaSecondCookie } = await xenaAndYves();
    expect((await deleteAs(xena.cookie, { password: MEMBER_PASSWORD })).status).toBe(200);

    const check = await checkAddress(' Xena@Example.com');
    expect(check.json).toMatchObject({ status: 'deleted', email: 'xena@example.com' });
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'xena@example.com', password: MEMBER_PASSWORD },
    });
    const unknown = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: MEMBER_PASSWORD },
    });
    expect([login.status, login.json]).toEqual([unknown.status, unknown.json]);
    expect(login.json.error.code).toBe('invalid_credentials');
    for (const cookie of [xena.cookie, xenaSecondCookie]) {
      expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie })).status).toBe(403);
    }

    expect(await openMemberPage(ctx(), String(xena.id), yves.id)).toBeNull();
    const profile = await callApi(ctx(), profileEndpoint, '/api/profile.php', {
      query: { id: xena.id },
      cookie: yves.cookie,
    });
    expect(profile.status).toBe(404);
    const found = await callApi(ctx(), searchEndpoint, '/api/search.php', { cookie: yves.cookie });
    expect(found.json.profiles.map((p: { id: number }) => p.id)).not.toContain(xena.id);
    const yvesLikes = (await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: yves.cookie })).json;
    expect([...yvesLikes.profiles, ...yvesLikes.liked_by]).toEqual([]);
  });

  it('lets the deleted address sign up again: a new, empty account; nothing of the old one comes back', async () => {
    const { xena, yves } = await xenaAndYves();
    expect((await deleteAs(xena.cookie, { password: MEMBER_PASSWORD })).status).toBe(200);
    const check = await checkAddress('xena@example.com');
    expect(check.json.status).toBe('deleted');
    expect(check.json.token).toEqual(expect.any(String));

    const again = await signUp('xena@example.com', 'another-pass', check.json.token);
    expect(again.status).toBe(200);
    const fresh = { id: again.json.user.profile.id as number, email: again.json.user.email as string };
    expect(fresh.id).toEqual(expect.any(Number));
    expect(fresh.id).not.toBe(xena.id);
    expect(fresh.email).toBe('xena@example.com');
    const cookie = sessionCookieFrom(again.cookies);
    // Nothing of the deleted account: no photos, likes, chats or settings; the old row stays deleted.
    const photos = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', { cookie });
    expect(photos.json.photos).toEqual([]);
    const ownLikes = (await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie })).json;
    expect([...ownLikes.profiles, ...ownLikes.liked_by]).toEqual([]);
    expect((await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie })).json.chats).toEqual([]);
    expect(await ctx().db.select().from(notificationSettings).where(eq(notificationSettings.userId, fresh.id))).toEqual(
      [],
    );
    const [old] = await ctx().db.select().from(users).where(eq(users.id, xena.id));
    expect(old).toMatchObject({
      status: 'deleted',
      email: deletedEmailMarker(ctx().secret, 'amora', 'xena@example.com'),
    });
    // Yves still sees the old conversation as "Deleted member", not as the new account.
    const yvesChats = (await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: yves.cookie })).json.chats;
    expect(yvesChats).toHaveLength(1);
    expect(yvesChats[0]).toMatchObject({ member_deleted: true });
    expect(yvesChats[0].profile?.id).not.toBe(fresh.id);
    // The address now logs in to the new account only, with the new password.
    const logIn = (password: string) =>
      callApi(ctx(), loginEndpoint, '/api/login.php', {
        method: 'POST',
        body: { email: 'xena@example.com', password },
        clientAddress: '192.0.2.50',
      });
    expect((await logIn(MEMBER_PASSWORD)).status).toBe(401);
    const loggedIn = await logIn('another-pass');
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.json.user.profile.id).toBe(fresh.id);
    expect((await checkAddress('xena@example.com')).json.status).not.toBe('new');

    // Deleted once more, the address can come back once more.
    expect((await deleteAs(cookie, { password: 'another-pass' })).status).toBe(200);
    const third = await checkAddress('xena@example.com');
    expect(third.json.status).toBe('deleted');
    const thirdSignup = await signUp('xena@example.com', 'third-pass', third.json.token);
    expect(thirdSignup.status).toBe(200);
    expect([xena.id, fresh.id]).not.toContain(thirdSignup.json.user.profile.id);
  });

  it('shows the other member "Deleted member" without name or photo, and nobody can write to them', async () => {
    const { xena, yves, conversation, send } = await xenaAndYves();
    expect((await deleteAs(xena.cookie, { password: MEMBER_PASSWORD })).status).toBe(200);

    const list = (await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: yves.cookie })).json.chats;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      conversation,
      member_deleted: true,
      profile: { id: xena.id, name: '', main_image: null, images: [], city: null, age: null },
      last_message: { text: 'Hi Yves', from_me: false },
    });
    const page = await openChatPage(ctx(), String(conversation), yves.id);
    expect(page).toMatchObject({ id: conversation, memberDeleted: true, profile: { name: '', main_image: null } });
    const history = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      cookie: yves.cookie,
      query: { conversation },
    });
    expect(history.json.messages.map((m: { text: string }) => m.text)).toEqual(['Hi Xena', 'Hi Yves']);

    const refused = await send(yves.cookie, 'Are you there?');
    expect(refused.status).toBe(410);
    expect(refused.json.error).toMatchObject({ code: 'member_deleted', message: 'chat.member_deleted_cannot_reply' });
    expect(await ctx().db.select().from(messages)).toHaveLength(2);
    const [yvesRow] = await ctx().db.select({ credits: users.credits }).from(users).where(eq(users.id, yves.id));
    expect(yvesRow!.credits).toBeGreaterThan(0);
    const restart = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
      cookie: yves.cookie,
      query: { profile: xena.id },
    });
    expect(restart.status).toBe(404);
    // A live partner still shows with name and no flag.
    const zoe = await loggedInMember(ctx(), 'Zoe');
    await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: yves.cookie, query: { profile: zoe.id } });
    const both = (await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: yves.cookie })).json.chats;
    expect(both.find((c: { profile: { id: number } }) => c.profile.id === zoe.id)).toMatchObject({
      member_deleted: false,
      profile: { name: 'Zoe' },
    });
  });

  it('refuses a wrong password with a field error and deletes nothing; guesses are rate limited', async () => {
    const xena = await loggedInMember(ctx(), 'Xena');
    const wrong = await deleteAs(xena.cookie, { password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'password', message: 'account_delete.wrong_password' }],
    });
    expect(wrong.cookies).toEqual([]);
    const empty = await deleteAs(xena.cookie, { password: '' });
    expect(empty.status).toBe(422);
    const badReason = await deleteAs(xena.cookie, { password: MEMBER_PASSWORD, reason: 'I hate it here' });
    expect(badReason.status).toBe(422);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, xena.id));
    expect(row).toMatchObject({ status: 'active', email: 'xena@example.com', deletedAt: null });
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: xena.cookie })).status).toBe(200);

    for (let i = 0; i < 9; i++) await deleteAs(xena.cookie, { password: 'guess' });
    const limited = await deleteAs(xena.cookie, { password: MEMBER_PASSWORD });
    expect(limited.status).toBe(429);
    expect((await ctx().db.select().from(users).where(eq(users.id, xena.id)))[0]!.status).toBe('active');
  });

  it('offers the stay discount once; accepting keeps the account and records the percent', async () => {
    const xena = await loggedInMember(ctx(), 'Xena');
    expect((await account(xena.cookie)).json).toEqual({ offer_percent: 50, accepted_percent: null });
    expect((await acceptOffer(xena.cookie)).status).toBe(404);
    expect((await showOffer(xena.cookie)).json).toEqual({ percent: 50 });
    expect((await showOffer(xena.cookie)).json).toEqual({ percent: null });
    expect((await account(xena.cookie)).json).toEqual({ offer_percent: null, accepted_percent: null });
    expect((await acceptOffer(xena.cookie)).json).toEqual({ percent: 50 });
    expect((await acceptOffer(xena.cookie)).status).toBe(404);
    expect((await account(xena.cookie)).json).toEqual({ offer_percent: null, accepted_percent: 50 });
    const [row] = await ctx().db.select().from(users).where(eq(users.id, xena.id));
    expect(row).toMatchObject({ status: 'active', deleteDiscountOfferedAt: new Date('2026-11-21T12:00:00Z') });

    // Declining is just going on: a later deletion works and the offer is not shown again.
    const yves = await loggedInMember(ctx(), 'Yves');
    expect((await showOffer(yves.cookie)).json).toEqual({ percent: 50 });
    expect((await deleteAs(yves.cookie, { password: MEMBER_PASSWORD, reason: 'found_someone' })).status).toBe(200);
  });

  it('is for members only, and acts only on the caller’s own account', async () => {
    for (const call of [
      () => account(undefined),
      () => showOffer(undefined),
      () => acceptOffer(undefined),
      () => deleteAs(undefined, { password: MEMBER_PASSWORD }),
    ]) {
      const answer = await call();
      expect(answer.status).toBe(403);
      expect(answer.json.error.code).toBe('not_logged_in');
    }
    const xena = await loggedInMember(ctx(), 'Xena');
    const yves = await loggedInMember(ctx(), 'Yves');
    await ctx()
      .db.update(users)
      .set({ passwordHash: await hashPassword('yves-own-password') })
      .where(eq(users.id, yves.id));
    // Yves's session with Xena's password: checked against Yves's own account, which it does not open.
    const attempt = await deleteAs(yves.cookie, { password: MEMBER_PASSWORD });
    expect(attempt.status).toBe(422);
    expect(attempt.json).not.toHaveProperty('deleted');
    const rows = await ctx().db.select({ id: users.id, status: users.status }).from(users);
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    // Showing Yves the offer does not use up Xena's.
    await showOffer(yves.cookie);
    expect((await account(xena.cookie)).json.offer_percent).toBe(50);
  });
});
