import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/server/operators/totp';
import { useTestContext } from '../helpers/context';
import { callAdmin, OPERATOR_PASSWORD, operatorCookieFrom, setUpOperator } from '../helpers/operators';

const { ctx, clock } = useTestContext();

const EMAIL = 'mia@ops.example.com';
const OWN_ADDRESS = '192.0.2.20';

const login = (password: string, options: { address?: string; cookie?: string } = {}) =>
  callAdmin(ctx(), '/admin/api/login', {
    method: 'POST',
    body: { email: EMAIL, password },
    clientAddress: options.address ?? OWN_ADDRESS,
    cookie: options.cookie,
  });
const secondFactor = (cookie: string, body: object) =>
  callAdmin(ctx(), '/admin/api/second-factor', { method: 'POST', body, cookie });

/** `amora_operator_device=…` of a response's Set-Cookie. */
function deviceCookieFrom(cookies: string[]): string {
  const found = cookies.find((cookie) => cookie.startsWith('amora_operator_device='));
  if (!found) throw new Error('no operator device cookie set');
  return found.split(';')[0]!;
}

/** Sets Mia up and logs her in through both steps; returns her device cookie and the codes. */
async function enrolledOperator() {
  await setUpOperator(ctx(), EMAIL, 'moderator');
  const first = await login(OPERATOR_PASSWORD);
  expect(first.status).toBe(200);
  const secret = first.json.enrolment.secret as string;
  const second = await secondFactor(operatorCookieFrom(first.cookies), {
    code: await totpCodeAt(secret, clock.now().getTime()),
  });
  expect(second.status).toBe(200);
  clock.advance(30_000);
  return {
    secret,
    device: deviceCookieFrom(second.cookies),
    deviceSetCookie: second.cookies.find((cookie) => cookie.startsWith('amora_operator_device='))!,
    recoveryCodes: second.json.recoveryCodes as string[],
  };
}

/** Strangers' wrong passwords for Mia's address, each from another address. */
async function attack(times: number, firstAddress = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push((await login(`wrong-password-${i}`, { address: `198.51.100.${firstAddress + i}` })).status);
  }
  return statuses;
}

describe('operator log-in limits (docs/product.md §13 Access, §10 Log-in limits)', () => {
  it('marks the device after both steps with an HttpOnly, Strict, /admin-only cookie', async () => {
    const { deviceSetCookie } = await enrolledOperator();
    expect(deviceSetCookie).toMatch(/HttpOnly/i);
    expect(deviceSetCookie).toMatch(/SameSite=Strict/i);
    expect(deviceSetCookie).toMatch(/Path=\/admin/i);
    expect(Number(/Max-Age=(\d+)/i.exec(deviceSetCookie)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    // The password alone marks nothing.
    expect((await login(OPERATOR_PASSWORD)).cookies.join()).not.toMatch(/amora_operator_device=/);
  });

  it('lets a known device in with the right password however many wrong ones strangers typed', async () => {
    const { device, secret } = await enrolledOperator();
    for (let round = 0; round < 3; round++) {
      const statuses = await attack(20, round * 20);
      expect(statuses.slice(0, round === 0 ? 10 : 0)).toEqual(Array(round === 0 ? 10 : 0).fill(401));
      expect(statuses).toContain(429);
      const owner = await login(OPERATOR_PASSWORD, { cookie: device });
      expect(owner.status, `round ${round}`).toBe(200);
      const done = await secondFactor(operatorCookieFrom(owner.cookies), {
        code: await totpCodeAt(secret, clock.now().getTime()),
      });
      expect(done.status).toBe(200);
      clock.advance(30_000);
    }
  });

  it('slows an unknown device down for at most a minute, never for ten, and the recovery code still works', async () => {
    const { recoveryCodes } = await enrolledOperator();
    await attack(20);
    const refused = await login(OPERATOR_PASSWORD, { address: '203.0.113.60' });
    expect(refused.status).toBe(429);
    const retryAfterS = Number(refused.headers.get('retry-after'));
    expect(retryAfterS).toBeGreaterThan(0);
    expect(retryAfterS).toBeLessThanOrEqual(60);
    clock.advance(retryAfterS * 1000);
    const admitted = await login(OPERATOR_PASSWORD, { address: '203.0.113.60' });
    expect(admitted.status).toBe(200);
    const recovered = await secondFactor(operatorCookieFrom(admitted.cookies), { recoveryCode: recoveryCodes[0] });
    expect(recovered.status).toBe(200);
  });

  it('never counts right passwords: a shared address is not held back by log-ins that worked', async () => {
    await enrolledOperator();
    for (let i = 0; i < 12; i++) expect((await login(OPERATOR_PASSWORD)).status, `login ${i}`).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login('wrong-password-x')).status).toBe(401);
    expect((await login(OPERATOR_PASSWORD)).status).toBe(429);
  });

  it('honours no other operator’s device cookie and no forged one', async () => {
    await enrolledOperator();
    await setUpOperator(ctx(), 'other@ops.example.com', 'admin');
    const other = await callAdmin(ctx(), '/admin/api/login', {
      method: 'POST',
      body: { email: 'other@ops.example.com', password: OPERATOR_PASSWORD },
    });
    const otherDone = await secondFactor(operatorCookieFrom(other.cookies), {
      code: await totpCodeAt(other.json.enrolment.secret, clock.now().getTime()),
    });
    const foreign = deviceCookieFrom(otherDone.cookies);
    await attack(20);
    expect((await login(OPERATOR_PASSWORD, { cookie: foreign })).status).toBe(429);
    expect((await login(OPERATOR_PASSWORD, { cookie: 'amora_operator_device=garbage' })).status).toBe(429);
  });
});
