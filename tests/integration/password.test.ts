import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { activateEndpoint } from '../../src/server/http/endpoints/activate';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { passwordEndpoint } from '../../src/server/http/endpoints/password';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { peekPasswordReset } from '../../src/server/auth/password-reset';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext();
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });

const NEW_PASSWORD = 'brand-new-secret';
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to?.[0]?.address === address);
const change = (cookie: string | undefined, body: unknown, clientAddress?: string) =>
  callApi(ctx(), passwordEndpoint, '/api/password.php', {
    method: 'POST',
    query: { action: 'change' },
    body,
    cookie,
    clientAddress,
  });
const requestReset = (email: string, clientAddress?: string, cookie?: string) =>
  callApi(ctx(), passwordEndpoint, '/api/password.php', {
    method: 'POST',
    query: { action: 'request-reset' },
    body: { email },
    clientAddress,
    cookie,
  });
const reset = (token: string, newPassword = NEW_PASSWORD, cookie?: string) =>
  callApi(ctx(), passwordEndpoint, '/api/password.php', {
    method: 'POST',
    query: { action: 'reset' },
    body: { token, newPassword },
    cookie,
  });
const me = (cookie: string) => callApi(ctx(), userEndpoint, '/api/user.php', { cookie });
const logIn = (email: string, password: string) =>
  callApi(ctx(), loginEndpoint, '/api/login.php', { method: 'POST', body: { email, password } });
async function secondLogin(email: string): Promise<string> {
  return sessionCookieFrom((await logIn(email, MEMBER_PASSWORD)).cookies);
}
/** Requests a reset link for `email` and returns the token from the mail. */
async function mailedToken(email: string): Promise<string> {
  const before = mailsTo(email).length;
  expect((await requestReset(email)).status).toBe(200);
  await settleBackgroundMails();
  const mails = mailsTo(email);
  expect(mails.length).toBe(before + 1);
  const link = /http:\/\/localhost:4321\/reset-password\/do\?token=([\w-]{43})/.exec(mails.at(-1)!.text ?? '');
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('change password (docs/product.md §10)', () => {
  it('needs the current password, stores an argon2id hash, ends the other sessions and mails the member', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { language: 'de' });
    const other = await secondLogin('anna@example.com');
    const result = await change(anna.cookie, { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ endedSessions: 1 });
    expect((await me(anna.cookie)).status).toBe(200);
    expect((await me(other)).status).toBe(403);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, anna.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await logIn('anna@example.com', MEMBER_PASSWORD)).status).toBe(401);
    expect((await logIn('anna@example.com', NEW_PASSWORD)).status).toBe(200);

    await settleBackgroundMails();
    const [mail] = mailsTo('anna@example.com');
    expect(mail!.subject).toBe('Dein Passwort für Amora wurde geändert');
    expect(mail!.text).toContain('http://localhost:4321/reset-password');
    expect(mail!.text).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password as a field error and changes nothing', async () => {
    const bert = await loggedInMember(ctx(), 'Bert');
    const other = await secondLogin('bert@example.com');
    const [before] = await ctx().db.select().from(users).where(eq(users.id, bert.id));
    const result = await change(bert.cookie, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(result.status).toBe(422);
    expect(result.json.error).toMatchObject({
      code: 'validation_failed',
      message: 'password.current_wrong',
      issues: [{ path: 'currentPassword', message: 'password.current_wrong' }],
    });
    const [after] = await ctx().db.select().from(users).where(eq(users.id, bert.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await me(other)).status).toBe(200);
    await settleBackgroundMails();
    expect(mailsTo('bert@example.com')).toHaveLength(0);
  });

  it('checks the new password like signup', async () => {
    const cara = await loggedInMember(ctx(), 'Cara');
    const short = await change(cara.cookie, { currentPassword: MEMBER_PASSWORD, newPassword: 'abc' });
    expect(short.status).toBe(422);
    expect(short.json.error.issues[0]).toMatchObject({ path: 'newPassword', message: 'validation.min_length' });
    const empty = await change(cara.cookie, { currentPassword: '', newPassword: NEW_PASSWORD });
    expect(empty.status).toBe(422);
    expect((await change(cara.cookie, { currentPassword: 'x', newPassword: NEW_PASSWORD, extra: 1 })).status).toBe(422);
  });

  it('is for members only, and only changes the caller’s own password', async () => {
    expect((await change(undefined, { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(403);
    const dana = await loggedInMember(ctx(), 'Dana');
    const eve = await loggedInMember(ctx(), 'Eve');
    await ctx()
      .db.update(users)
      .set({ passwordHash: (await ctx().db.select().from(users).where(eq(users.id, eve.id)))[0]!.passwordHash })
      .where(eq(users.id, dana.id));
    const result = await change(eve.cookie, { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD });
    expect(result.status).toBe(200);
    expect((await logIn('dana@example.com', MEMBER_PASSWORD)).status).toBe(200);
    expect((await logIn('eve@example.com', NEW_PASSWORD)).status).toBe(200);
    expect((await me(dana.cookie)).status).toBe(200);
  });

  it('is rate-limited like login (429 with Retry-After)', async () => {
    const finn = await loggedInMember(ctx(), 'Finn');
    for (let i = 0; i < 10; i++) {
      expect((await change(finn.cookie, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).status).toBe(
        422,
      );
    }
    const limited = await change(finn.cookie, { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe('errors.rate_limited');
    expect(limited.response.headers.get('retry-after')).toMatch(/^\d+$/);
    harness.clock.advance(10 * 60_000);
    expect((await change(finn.cookie, { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('password reset (docs/product.md §10)', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    await createMember(ctx(), { name: 'Gina', email: 'gina@example.com', language: 'fr' });
    const known = await requestReset('Gina@Example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toEqual({ sent: true });
    await settleBackgroundMails();
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
    const [mail] = mailsTo('gina@example.com');
    expect(mail!.subject).toBe('Choisissez un nouveau mot de passe pour Amora');
    expect(mail!.text).toMatch(/\/reset-password\/do\?token=[\w-]{43}/);
  });

  it('sets the new password once, ends every session and logs this device in', async () => {
    const hana = await loggedInMember(ctx(), 'Hana');
    const other = await secondLogin('hana@example.com');
    const token = await mailedToken('hana@example.com');
    expect(await peekPasswordReset(ctx(), token)).toEqual({ ok: true, value: { userId: hana.id } });

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.json.user.email).toBe('hana@example.com');
    const fresh = sessionCookieFrom(done.cookies);
    expect((await me(fresh)).status).toBe(200);
    expect((await me(hana.cookie)).status).toBe(403);
    expect((await me(other)).status).toBe(403);
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, hana.id))).toHaveLength(1);

    expect((await logIn('hana@example.com', MEMBER_PASSWORD)).status).toBe(401);
    expect((await logIn('hana@example.com', NEW_PASSWORD)).status).toBe(200);
    const again = await reset(token, 'another-password');
    expect(again.status).toBe(410);
    expect(again.json.error).toMatchObject({ code: 'invalid_token', message: 'account.token_invalid' });
    expect((await logIn('hana@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('expires the link after 60 minutes, and a newer link voids the older one', async () => {
    await createMember(ctx(), { name: 'Ivo', email: 'ivo@example.com' });
    const first = await mailedToken('ivo@example.com');
    const second = await mailedToken('ivo@example.com');
    expect((await reset(first)).json.error.code).toBe('invalid_token');
    harness.clock.advance(59 * 60_000);
    expect((await peekPasswordReset(ctx(), second)).ok).toBe(true);
    harness.clock.advance(60_000);
    const expired = await reset(second);
    expect(expired.status).toBe(410);
    expect(expired.json.error).toMatchObject({ code: 'expired_token', message: 'account.token_expired' });
    expect((await logIn('ivo@example.com', MEMBER_PASSWORD)).status).toBe(200);
  });

  it('refuses bad tokens and weak passwords without using the link up', async () => {
    await createMember(ctx(), { name: 'Jana', email: 'jana@example.com' });
    const token = await mailedToken('jana@example.com');
    expect((await reset('x'.repeat(43))).json.error.code).toBe('invalid_token');
    expect((await reset('<script>')).json.error.code).toBe('invalid_token');
    const weak = await reset(token, 'abc');
    expect(weak.status).toBe(422);
    expect((await reset(token)).status).toBe(200);
  });

  it('does not work for deleted accounts', async () => {
    const id = await createMember(ctx(), { name: 'Kai', email: 'kai@example.com' });
    const token = await mailedToken('kai@example.com');
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, id));
    expect((await reset(token)).json.error.code).toBe('invalid_token');
    expect((await requestReset('kai@example.com')).json).toEqual({ sent: true });
    await settleBackgroundMails();
    expect(mailsTo('kai@example.com')).toHaveLength(1);
  });

  it('lets an unconfirmed account reset, which confirms the address', async () => {
    const id = await createMember(ctx(), { name: 'Lea', email: 'lea@example.com', status: 'not_confirmed' });
    const token = await mailedToken('lea@example.com');
    expect((await reset(token)).status).toBe(200);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, id));
    expect(row!.status).toBe('active');
  });

  it('refuses a link mailed to an address the account no longer has', async () => {
    const id = await createMember(ctx(), { name: 'Mia', email: 'mia@example.com' });
    const token = await mailedToken('mia@example.com');
    await ctx().db.update(users).set({ email: 'mia.new@example.com' }).where(eq(users.id, id));
    expect((await reset(token)).json.error.code).toBe('invalid_token');
  });

  it('is rate-limited per address and per account and requester (429, Retry-After, message key)', async () => {
    for (let i = 0; i < 5; i++) expect((await requestReset('target@example.com', '198.51.100.1')).status).toBe(200);
    const perAccount = await requestReset('target@example.com', '198.51.100.1');
    expect(perAccount.status).toBe(429);
    expect(perAccount.json.error.message).toBe('errors.rate_limited');
    expect(perAccount.response.headers.get('retry-after')).toMatch(/^\d+$/);

    for (let i = 0; i < 20; i++) expect((await requestReset(`n${i}@example.com`, '192.0.2.1')).status).toBe(200);
    expect((await requestReset('fresh@example.com', '192.0.2.1')).status).toBe(429);
    harness.clock.advance(60 * 60_000);
    expect((await requestReset('fresh@example.com', '192.0.2.1')).status).toBe(200);
    await settleBackgroundMails();
  });

  it('strangers’ requests for an address never keep its owner from getting a link', async () => {
    await createMember(ctx(), { name: 'Tara', email: 'tara@example.com' });
    // Twelve requests from elsewhere, and one stranger trying again and again.
    for (let i = 0; i < 12; i++) {
      const answer = await requestReset('tara@example.com', `198.51.100.${i}`);
      expect(answer.status, `stranger ${i}`).toBe(200);
      expect(answer.json).toEqual({ sent: true });
    }
    for (let i = 0; i < 4; i++) expect((await requestReset('tara@example.com', '198.51.100.0')).status).toBe(200);
    // Beyond the allowance the stranger is paced, per requester.
    const paced = await requestReset('tara@example.com', '198.51.100.0');
    expect(paced.status).toBe(429);
    expect(Number(paced.response.headers.get('retry-after'))).toBeGreaterThan(0);
    await settleBackgroundMails();
    const before = mailsTo('tara@example.com').length;
    // Tara, from her own address, still gets a working link.
    expect((await requestReset('tara@example.com', '192.0.2.77')).status).toBe(200);
    await settleBackgroundMails();
    const mails = mailsTo('tara@example.com');
    expect(mails).toHaveLength(before + 1);
    const token = /reset-password\/do\?token=([\w-]{43})/.exec(mails.at(-1)!.text ?? '')![1]!;
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.json.user.email).toBe('tara@example.com');
  });

  it('a logged-in member using someone’s reset link is logged in as that account, their own session ends', async () => {
    await createMember(ctx(), { name: 'Nora', email: 'nora@example.com' });
    const otto = await loggedInMember(ctx(), 'Otto');
    const token = await mailedToken('nora@example.com');
    const done = await reset(token, NEW_PASSWORD, otto.cookie);
    expect(done.json.user.email).toBe('nora@example.com');
    expect((await me(otto.cookie)).status).toBe(403);
    expect((await logIn('otto@example.com', MEMBER_PASSWORD)).status).toBe(200);
  });

  it('validates the request body', async () => {
    expect((await requestReset('not-an-address')).status).toBe(422);
    const unknownAction = await callApi(ctx(), passwordEndpoint, '/api/password.php', {
      method: 'POST',
      query: { action: 'steal' },
      body: {},
    });
    expect(unknownAction.status).toBeGreaterThanOrEqual(400);
  });
});

describe('activation mail, send again (docs/product.md §2 activate-reminder)', () => {
  const resend = (cookie?: string) =>
    callApi(ctx(), activateEndpoint, '/api/activate.php', { method: 'POST', query: { resend: 1 }, cookie });

  it('sends a new link at most once a minute and 5 times a day', async () => {
    const pia = await loggedInMember(ctx(), 'Pia', { status: 'not_confirmed', language: 'it' });
    const first = await resend(pia.cookie);
    expect(first.json).toEqual({ status: 'sent' });
    expect(mailsTo('pia@example.com')).toHaveLength(1);
    expect(mailsTo('pia@example.com')[0]!.text).toMatch(/\/activate\/confirm\?token=/);
    const tooSoon = await resend(pia.cookie);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.response.headers.get('retry-after')).toMatch(/^\d+$/);
    for (let i = 2; i <= 5; i++) {
      harness.clock.advance(61_000);
      expect((await resend(pia.cookie)).json).toEqual({ status: 'sent' });
    }
    harness.clock.advance(61_000);
    expect((await resend(pia.cookie)).status).toBe(429);
    expect(mailsTo('pia@example.com')).toHaveLength(5);
    harness.clock.advance(24 * 60 * 60_000);
    expect((await resend(pia.cookie)).status).toBe(200);
  });

  it('has nothing to send for a confirmed member, and needs a login', async () => {
    const rob = await loggedInMember(ctx(), 'Rob');
    expect((await resend(rob.cookie)).json).toEqual({ status: 'already_confirmed' });
    expect(mailsTo('rob@example.com')).toHaveLength(0);
    expect((await resend()).status).toBe(403);
  });
});
