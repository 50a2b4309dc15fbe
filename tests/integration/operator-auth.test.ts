import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, operators } from '../../src/server/db/schema';
import { callApi } from '../helpers/api';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { totpCodeAt } from '../../src/server/operators/totp';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';
import {
  callAdmin,
  loggedInOperator,
  OPERATOR_PASSWORD,
  operatorCookieFrom,
  setUpOperator,
} from '../helpers/operators';

const { ctx, clock } = useTestContext();

const me = (cookie?: string) => callAdmin(ctx(), '/admin/api/me', { cookie });
const login = (email: string, password = OPERATOR_PASSWORD, clientAddress?: string) =>
  callAdmin(ctx(), '/admin/api/login', { method: 'POST', body: { email, password }, clientAddress });
const secondFactor = (cookie: string, body: object) =>
  callAdmin(ctx(), '/admin/api/second-factor', { method: 'POST', body, cookie });

/** Logs an enrolled operator in again: password, then `code`. */
async function logInAgain(email: string, code: (now: number) => Promise<string>) {
  const first = await login(email);
  expect(first.status).toBe(200);
  expect(first.json.enrolment).toBeNull();
  const cookie = operatorCookieFrom(first.cookies);
  return { cookie, answer: await secondFactor(cookie, { code: await code(clock.now().getTime()) }) };
}

describe('operator log-in with password and TOTP (docs/product.md §13 Access)', () => {
  it('enrols at the first log-in, shows 10 recovery codes once, and the session opens the console', async () => {
    await setUpOperator(ctx(), 'mia@ops.example.com', 'moderator');
    const first = await login('mia@ops.example.com');
    expect(first.status).toBe(200);
    expect(first.json.enrolment.qrSvg).toContain('<svg');
    expect(first.json.enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    const halfCookie = operatorCookieFrom(first.cookies);
    expect(first.cookies[0]).toMatch(/Path=\/admin/);
    expect(first.cookies[0]).toMatch(/HttpOnly/);
    expect(first.cookies[0]).toMatch(/SameSite=Strict/);
    // The password alone opens nothing.
    expect((await me(halfCookie)).status).toBe(403);
    const code = await totpCodeAt(first.json.enrolment.secret, clock.now().getTime());
    const second = await secondFactor(halfCookie, { code });
    expect(second.status).toBe(200);
    expect(second.json.recoveryCodes).toHaveLength(10);
    const cookie = operatorCookieFrom(second.cookies);
    expect(cookie).not.toBe(halfCookie);
    expect((await me(halfCookie)).status).toBe(403);
    const who = await me(cookie);
    expect(who.json).toEqual({
      email: 'mia@ops.example.com',
      role: 'moderator',
      sections: ['dashboard', 'reports', 'photos', 'members'],
    });
    const [row] = await ctx().db.select().from(operators);
    expect(row!.totpSecret).not.toContain(first.json.enrolment.secret);
    expect(row!.recoveryCodes).toHaveLength(10);
    expect(row!.recoveryCodes).not.toContain(second.json.recoveryCodes[0]);
  });

  it('refuses a wrong code and a replayed code (the same code twice, also within its 30 s)', async () => {
    const op = await loggedInOperator(ctx(), 'support');
    const wrong = await logInAgain(op.email, async () => '000000');
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.json.error.code).toBe('invalid_code');
    const used = await totpCodeAt(op.secret, clock.now().getTime());
    const good = await secondFactor(wrong.cookie, { code: used });
    expect(good.status).toBe(200);
    const replay = await logInAgain(op.email, async () => used);
    expect(replay.answer.status).toBe(401);
    // A code of an earlier step than the last one accepted is refused too.
    const earlier = await logInAgain(op.email, (now) => totpCodeAt(op.secret, now - 30_000));
    expect(earlier.answer.status).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    await setUpOperator(ctx(), 'fin@ops.example.com', 'finance');
    const first = await login('fin@ops.example.com');
    const enrolled = await secondFactor(operatorCookieFrom(first.cookies), {
      code: await totpCodeAt(first.json.enrolment.secret, clock.now().getTime()),
    });
    const recovery = enrolled.json.recoveryCodes[3] as string;
    const again = await login('fin@ops.example.com');
    const used = await secondFactor(operatorCookieFrom(again.cookies), { recoveryCode: recovery.toUpperCase() });
    expect(used.status).toBe(200);
    const third = await login('fin@ops.example.com');
    expect((await secondFactor(operatorCookieFrom(third.cookies), { recoveryCode: recovery })).status).toBe(401);
  });

  it('limits second-factor tries to 5 per 10 minutes per operator', async () => {
    const op = await loggedInOperator(ctx(), 'admin');
    clock.advance(10 * 60_000); // the enrolment's code counted in the window before
    const first = await login(op.email);
    const cookie = operatorCookieFrom(first.cookies);
    for (let i = 0; i < 5; i++) expect((await secondFactor(cookie, { code: '111111' })).status).toBe(401);
    const good = await secondFactor(cookie, { code: await totpCodeAt(op.secret, clock.now().getTime()) });
    expect(good.status).toBe(429);
  });

  it('answers invalid_credentials alike for an unknown address, a wrong password and a disabled operator', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    expect((await login('nobody@ops.example.com')).json.error.code).toBe('invalid_credentials');
    expect((await login(op.email, 'wrong-password-123')).json.error.code).toBe('invalid_credentials');
    await ctx().db.update(operators).set({ disabledAt: clock.now() }).where(eq(operators.id, op.id));
    expect((await login(op.email)).json.error.code).toBe('invalid_credentials');
    // The disabled operator's open session ends too.
    expect((await me(op.cookie)).status).toBe(403);
  });

  it('ends a session after 30 idle minutes, and after 8 hours however active', async () => {
    const op = await loggedInOperator(ctx(), 'finance');
    clock.advance(29 * 60_000);
    expect((await me(op.cookie)).status).toBe(200);
    clock.advance(29 * 60_000);
    expect((await me(op.cookie)).status).toBe(200);
    clock.advance(31 * 60_000);
    expect((await me(op.cookie)).json.error.code).toBe('not_logged_in');

    const busy = await loggedInOperator(ctx(), 'support', 'busy@ops.example.com');
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      clock.advance(20 * 60_000);
      expect((await me(busy.cookie)).status).toBe(200);
    }
    clock.advance(21 * 60_000);
    expect((await me(busy.cookie)).status).toBe(403);
  });

  it('never takes a member session on the console, nor an operator session on member calls', async () => {
    const member = await loggedInMember(ctx(), 'Nora');
    const asMember = await me(member.cookie);
    expect(asMember.status).toBe(403);
    expect(asMember.json.error.code).toBe('not_logged_in');
    const op = await loggedInOperator(ctx(), 'admin');
    const user = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: op.cookie });
    expect(user.status).toBe(403);
    expect(user.json.error.code).toBe('not_logged_in');
    // A member cookie renamed to the operator cookie's name is not an operator token either.
    expect((await me(member.cookie.replace('amora_session=', 'amora_operator='))).status).toBe(403);
  });

  it('keeps the CSRF defence of the member API (package-name header, Origin)', async () => {
    await setUpOperator(ctx(), 'x@ops.example.com', 'admin');
    const noHeader = await callAdmin(ctx(), '/admin/api/login', {
      method: 'POST',
      body: { email: 'x@ops.example.com', password: OPERATOR_PASSWORD },
      packageName: null,
    });
    expect(noHeader.status).toBe(400);
    const foreign = await callAdmin(ctx(), '/admin/api/login', {
      method: 'POST',
      body: { email: 'x@ops.example.com', password: OPERATOR_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('records log-ins in the audit log, which refuses changes (UPDATE, DELETE, TRUNCATE)', async () => {
    await loggedInOperator(ctx(), 'admin');
    const entries = await ctx().db.select().from(auditLog);
    expect(entries.map((entry) => entry.action)).toEqual(['operator.enrol']);
    await expect(ctx().db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(ctx().db.delete(auditLog)).rejects.toThrow();
    // The database's own refusal (drizzle wraps it as the error's cause).
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(ctx().db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    expect(await ctx().db.select().from(auditLog)).toHaveLength(1);
  });
});

describe('ADMIN_ALLOWED_IPS', () => {
  it('answers 404 to any other address', async () => {
    const limited = { ...ctx(), config: { ...ctx().config, adminAllowedIps: [] } };
    const answer = await callAdmin(limited, '/admin/api/me');
    expect(answer.status).toBe(404);
  });
});
