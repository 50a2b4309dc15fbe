import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from '../../src/server/platform/accounts/deleted-email';
import type { AppContext } from '../../src/server/context';
import { accountTokens, users } from '../../src/server/db/schema';
import { emailChangeEndpoint } from '../../src/server/http/endpoints/email-change';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext();
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });
const HOUR = 60 * 60_000;

const api = (
  method: 'GET' | 'POST',
  action: string,
  options: { cookie?: string; body?: unknown; query?: Record<string, string> } = {},
) =>
  callApi(ctx(), emailChangeEndpoint, '/api/mailchange.php', {
    method,
    query: { action, ...options.query },
    body: options.body,
    cookie: options.cookie,
  });
const requestChange = (cookie: string | undefined, email: string, password = MEMBER_PASSWORD) =>
  api('POST', 'request', { cookie, body: { email, password } });
const confirm = (token: string) => api('POST', 'confirm', { body: { token } });
const undo = (token: string) => api('POST', 'undo', { body: { token } });

/** The mails received since `from` to `address`, after the background sends settled. */
async function mailsTo(address: string, from = 0) {
  await settleBackgroundMails();
  return smtp.received.slice(from).filter((mail) => mail.to?.[0]?.address === address);
}
const confirmToken = (text = '') => /\/mail-change\/do\?token=([\w-]+)/.exec(text)?.[1];
const undoToken = (text = '') => /\/notifications\?undo=([\w-]+)#email-change-incorrect/.exec(text)?.[1];

async function canLogIn(email: string): Promise<boolean> {
  const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email, password: MEMBER_PASSWORD },
    clientAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
  return login.status === 200;
}
const emailOf = async (id: number) =>
  (await ctx().db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/** Anna asks to move to `to`; returns both links' tokens. */
async function annaRequests(cookie: string, to: string, from = 'anna@example.com') {
  const start = smtp.received.length;
  const answer = await requestChange(cookie, to);
  expect(answer.status).toBe(200);
  const [confirmMail] = await mailsTo(to, start);
  const [noticeMail] = await mailsTo(from, start);
  return { confirm: confirmToken(confirmMail?.text)!, undo: undoToken(noticeMail?.text)!, confirmMail, noticeMail };
}

describe('e-mail change (docs/product.md §10 E-mail change)', () => {
  it('mails the link to the new address and a notice to the old one; the old address counts until confirmed', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { language: 'en' });
    const start = smtp.received.length;
    const answer = await requestChange(anna.cookie, ' Anna.New@Example.org ');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ email: 'anna@example.com', pending: { email: 'anna.new@example.org' } });

    const [confirmMail, ...moreConfirm] = await mailsTo('anna.new@example.org', start);
    const [noticeMail, ...moreNotice] = await mailsTo('anna@example.com', start);
    expect([moreConfirm, moreNotice]).toEqual([[], []]);
    expect(confirmMail!.subject).toBe('Confirm your new e-mail address for Amora');
    expect(confirmMail!.text).toContain('http://localhost:4321/mail-change/do?token=');
    expect(noticeMail!.subject).toBe('Your e-mail address at Amora is being changed');
    expect(noticeMail!.text).toContain('a***@example.org');
    expect(noticeMail!.text).not.toContain('anna.new@example.org');
    expect(noticeMail!.text).toMatch(/http:\/\/localhost:4321\/notifications\?undo=[\w-]{43}#email-change-incorrect/);

    expect(await emailOf(anna.id)).toBe('anna@example.com');
    expect(await canLogIn('anna@example.com')).toBe(true);
    expect(await canLogIn('anna.new@example.org')).toBe(false);

    const confirmed = await confirm(confirmToken(confirmMail!.text)!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ email: 'anna.new@example.org' });
    expect(await canLogIn('anna.new@example.org')).toBe(true);
    expect(await canLogIn('anna@example.com')).toBe(false);
    expect((await api('GET', 'status', { cookie: anna.cookie })).json).toEqual({
      email: 'anna.new@example.org',
      pending: null,
    });
    expect((await confirm(confirmToken(confirmMail!.text)!)).json.error.code).toBe('invalid_token');
  });

  it('writes the mails in the member language', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { language: 'de' });
    const { confirmMail, noticeMail } = await annaRequests(anna.cookie, 'anna@web.de');
    expect(confirmMail!.subject).toBe('Bestätige deine neue E-Mail-Adresse für Amora');
    expect(noticeMail!.subject).toBe('Deine E-Mail-Adresse bei Amora wird geändert');
  });

  it('confirming makes an unconfirmed account active', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { status: 'not_confirmed' });
    const links = await annaRequests(anna.cookie, 'anna@new.example');
    expect((await confirm(links.confirm)).status).toBe(200);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, anna.id));
    expect(row).toMatchObject({ email: 'anna@new.example', status: 'active' });
  });

  it('refuses a wrong password (field error, nothing sent) and limits the guesses', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const start = smtp.received.length;
    const wrong = await requestChange(anna.cookie, 'anna@new.example', 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.issues).toEqual([{ path: 'password', message: 'email_change.password_wrong' }]);
    await settleBackgroundMails();
    expect(smtp.received.length).toBe(start);
    expect(await ctx().db.select().from(accountTokens)).toHaveLength(0);
    let last = wrong;
    for (let i = 0; i < 12 && last.status !== 429; i++) {
      last = await requestChange(anna.cookie, 'anna@new.example', 'not-the-password');
    }
    expect(last.status).toBe(429);
    expect((await requestChange(anna.cookie, 'anna@new.example')).status).toBe(429);
  });

  it('refuses bad addresses, its own address and addresses of other live accounts (a deleted one’s is free)', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    await createMember(ctx(), { email: 'bob@example.com' });
    await createMember(ctx(), {
      email: deletedEmailMarker(ctx().secret, 'amora', 'gone@example.com'),
      status: 'deleted',
    });
    const invalid = await requestChange(anna.cookie, 'not-an-address');
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.issues[0].path).toBe('email');
    const same = await requestChange(anna.cookie, 'ANNA@example.com');
    expect(same.json.error.issues).toEqual([{ path: 'email', message: 'email_change.same_address' }]);
    const refused = await requestChange(anna.cookie, 'bob@example.com');
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'account_exists', message: 'email_change.address_taken' });
    // Signup takes a deleted account's address again, so the change does too (docs/product.md §10).
    expect((await requestChange(anna.cookie, 'Gone@Example.com')).status).toBe(200);
    // Another site's member with the address does not count.
    await createMember(ctx(), { email: 'elsewhere@example.com', site: 'lovelane' });
    expect((await requestChange(anna.cookie, 'elsewhere@example.com')).status).toBe(200);
    expect(await ctx().db.select().from(accountTokens)).toHaveLength(4);
  });

  it('confirmation links work once and for 24 hours; a new link or a cancel voids the old one', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const first = await annaRequests(anna.cookie, 'anna@new.example');
    const start = smtp.received.length;
    expect((await api('POST', 'resend', { cookie: anna.cookie })).status).toBe(200);
    const [again] = await mailsTo('anna@new.example', start);
    expect(await mailsTo('anna@example.com', start)).toHaveLength(0);
    expect((await confirm(first.confirm)).json.error.code).toBe('invalid_token');

    const cancelled = await api('POST', 'cancel', { cookie: anna.cookie });
    expect(cancelled.json).toEqual({ email: 'anna@example.com', pending: null });
    expect((await confirm(confirmToken(again!.text)!)).json.error.code).toBe('invalid_token');
    expect((await api('POST', 'resend', { cookie: anna.cookie })).status).toBe(404);

    const late = await annaRequests(anna.cookie, 'anna@late.example');
    harness.clock.advance(24 * HOUR + 1000);
    expect((await api('GET', 'status', { cookie: anna.cookie })).json.pending).toBeNull();
    const expired = await confirm(late.confirm);
    expect(expired.status).toBe(410);
    expect(expired.json.error.code).toBe('expired_token');
    expect(await emailOf(anna.id)).toBe('anna@example.com');
    expect((await confirm('x'.repeat(43))).json.error.code).toBe('invalid_token');
  });

  it('limits "send again"', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    await annaRequests(anna.cookie, 'anna@new.example');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await api('POST', 'resend', { cookie: anna.cookie })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('tells when the address was taken meanwhile and changes nothing', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const links = await annaRequests(anna.cookie, 'wanted@example.com');
    await createMember(ctx(), { email: 'wanted@example.com' });
    const taken = await confirm(links.confirm);
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe('email_change.address_taken');
    expect(await emailOf(anna.id)).toBe('anna@example.com');
  });

  it('undo cancels a pending change and ends every session, without a login', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const links = await annaRequests(anna.cookie, 'anna@new.example');
    expect((await api('GET', 'undo', { query: { token: links.undo } })).json).toEqual({ email: 'anna@example.com' });
    const undone = await undo(links.undo);
    expect(undone.status).toBe(200);
    expect(undone.json).toEqual({ email: 'anna@example.com', endedSessions: 1 });
    expect((await api('GET', 'status', { cookie: anna.cookie })).status).toBe(403);
    expect((await confirm(links.confirm)).json.error.code).toBe('invalid_token');
    expect((await undo(links.undo)).json.error.code).toBe('invalid_token');
    expect((await api('GET', 'undo', { query: { token: links.undo } })).json.error.code).toBe('invalid_token');
  });

  it('undo reverts a confirmed change; undo links expire after 7 days', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const links = await annaRequests(anna.cookie, 'anna@new.example');
    await confirm(links.confirm);
    expect(await canLogIn('anna@new.example')).toBe(true);
    expect((await undo(links.undo)).json.email).toBe('anna@example.com');
    expect(await canLogIn('anna@example.com')).toBe(true);
    expect(await canLogIn('anna@new.example')).toBe(false);

    const again = await loggedInMember(ctx(), 'Bea');
    const late = await annaRequests(again.cookie, 'bea@new.example', 'bea@example.com');
    harness.clock.advance(7 * 24 * HOUR + 1000);
    expect((await undo(late.undo)).json.error.code).toBe('expired_token');
    expect((await api('GET', 'undo', { query: { token: late.undo } })).json.error.code).toBe('expired_token');
  });

  it("a later change's undo link cannot void the owner's earlier one", async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const first = await annaRequests(anna.cookie, 'thief@example.com');
    await confirm(first.confirm);
    harness.clock.advance(60_000);
    const second = await annaRequests(anna.cookie, 'thief2@example.com', 'thief@example.com');
    expect((await undo(second.undo)).json.email).toBe('thief@example.com');
    expect((await undo(first.undo)).json.email).toBe('anna@example.com');
    expect(await emailOf(anna.id)).toBe('anna@example.com');
  });

  it("the owner's undo voids the undo links of later changes", async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const first = await annaRequests(anna.cookie, 'thief@example.com');
    await confirm(first.confirm);
    harness.clock.advance(60_000);
    const second = await annaRequests(anna.cookie, 'thief2@example.com', 'thief@example.com');
    expect((await undo(first.undo)).status).toBe(200);
    expect((await undo(second.undo)).json.error.code).toBe('invalid_token');
    expect(await emailOf(anna.id)).toBe('anna@example.com');
  });

  it('undo refuses when another account took the old address since', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const links = await annaRequests(anna.cookie, 'anna@new.example');
    await confirm(links.confirm);
    await createMember(ctx(), { email: 'anna@example.com' });
    const refused = await undo(links.undo);
    expect(refused.status).toBe(409);
    expect(await emailOf(anna.id)).toBe('anna@new.example');
  });

  it('needs a login, and another member changes nothing of the first', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const bob = await loggedInMember(ctx(), 'Bob');
    for (const [method, action] of [
      ['GET', 'status'],
      ['POST', 'request'],
      ['POST', 'resend'],
      ['POST', 'cancel'],
    ] as const) {
      const body = action === 'request' ? { email: 'x@example.com', password: MEMBER_PASSWORD } : undefined;
      const answer = await api(method, action, { body });
      expect(answer.status, action).toBe(403);
      expect(answer.json.error.code).toBe('not_logged_in');
    }
    await annaRequests(anna.cookie, 'anna@new.example');
    const start = smtp.received.length;
    expect((await api('GET', 'status', { cookie: bob.cookie })).json).toEqual({
      email: 'bob@example.com',
      pending: null,
    });
    expect((await api('POST', 'resend', { cookie: bob.cookie })).status).toBe(404);
    expect((await api('POST', 'cancel', { cookie: bob.cookie })).status).toBe(200);
    expect((await requestChange(bob.cookie, 'anna@example.com')).status).toBe(409);
    expect(await mailsTo('anna@new.example', start)).toHaveLength(0);
    expect((await api('GET', 'status', { cookie: anna.cookie })).json.pending).toMatchObject({
      email: 'anna@new.example',
    });
    expect(await emailOf(anna.id)).toBe('anna@example.com');
  });

  it('logs a failed mail without the addresses or links', async () => {
    const lines: string[] = [];
    const log = (message: string, fields?: Record<string, unknown>) => {
      lines.push(JSON.stringify({ message, ...fields }, (_k, v: unknown) => (v instanceof Error ? v.message : v)));
    };
    const failing: AppContext = {
      ...ctx(),
      mailer: { kind: 'smtp', send: () => Promise.reject(new Error('smtp down')) },
      log: { debug: log, info: log, warn: log, error: log },
    };
    const anna = await loggedInMember(failing, 'Anna');
    const answer = await callApi(failing, emailChangeEndpoint, '/api/mailchange.php', {
      method: 'POST',
      query: { action: 'request' },
      body: { email: 'anna@new.example', password: MEMBER_PASSWORD },
      cookie: anna.cookie,
    });
    expect(answer.status).toBe(200);
    await settleBackgroundMails();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/@|token=|undo=/);
  });
});
