import { describe, expect, it } from 'vitest';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';

const harness = useTestContext();
const { ctx, clock } = harness;

const OWNER_ADDRESS = '192.0.2.10';

/** One login attempt for anna@example.com. */
const logIn = (password: string, options: { address?: string; cookie?: string; email?: string } = {}) =>
  callApi(ctx(), loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email: options.email ?? 'anna@example.com', password },
    clientAddress: options.address ?? OWNER_ADDRESS,
    cookie: options.cookie,
  });

/** `name=value` of the known-device cookie a response sets. */
function deviceCookieFrom(cookies: string[]): string {
  const found = cookies.find((cookie) => cookie.startsWith('amora_device='));
  if (!found) throw new Error('no device cookie set');
  return found.split(';')[0]!;
}

/** An attacker's wrong passwords for Anna's e-mail, each from another address and without a device cookie. */
async function attack(times: number, firstAddress = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push((await logIn(`guess-${i}`, { address: `198.51.100.${firstAddress + i}` })).status);
  }
  return statuses;
}

describe('log-in limits per account (docs/product.md §10 Log-in limits)', () => {
  it('marks the device with a signed, HttpOnly, long-lived cookie on a successful login', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    expect((await logIn('wrong-pass')).cookies.join()).not.toMatch(/amora_device=/);
    const ok = await logIn(MEMBER_PASSWORD);
    expect(ok.status).toBe(200);
    const cookie = ok.cookies.find((each) => each.startsWith('amora_device='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });

  it('lets the owner’s known device in with the right password after an attacker’s 20 wrong ones', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const device = deviceCookieFrom((await logIn(MEMBER_PASSWORD)).cookies);
    const statuses = await attack(20);
    // The owner's first, right log-in (then from an unknown device) did not count: ten failures go through.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));

    const owner = await logIn(MEMBER_PASSWORD, { cookie: device });
    expect(owner.status).toBe(200);
    expect(owner.json.user.email).toBe('anna@example.com');
    // The device stays known: a fresh cookie each time, so it keeps working for its whole lifetime.
    expect(deviceCookieFrom(owner.cookies)).toMatch(/^amora_device=/);
    // The attacker still cannot use the known device's way in without its cookie.
    expect((await logIn(MEMBER_PASSWORD, { address: '198.51.100.99' })).status).toBe(429);
  });

  it('does not count a known device’s wrong password against the account, and keeps the limit per address', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    const device = deviceCookieFrom((await logIn(MEMBER_PASSWORD, { address: '192.0.2.1' })).cookies);
    for (let i = 0; i < 9; i++)
      expect((await logIn('typo', { cookie: device, address: `192.0.2.${i + 2}` })).status).toBe(401);
    // Nine typos on the known device: an unknown device still has its full allowance.
    expect((await logIn(MEMBER_PASSWORD, { address: '203.0.113.50' })).status).toBe(200);
    // Per address nothing changed: ten attempts from one address, the eleventh waits.
    for (let i = 0; i < 10; i++) await logIn('typo', { cookie: device, address: '203.0.113.77' });
    const limited = await logIn(MEMBER_PASSWORD, { cookie: device, address: '203.0.113.77' });
    expect(limited.status).toBe(429);
  });

  it('never counts right passwords: eleven members log in from one shared address', async () => {
    const office = '203.0.113.40';
    for (let i = 0; i < 11; i++) await createMember(ctx(), { name: `Member ${i}`, email: `m${i}@example.com` });
    for (let i = 0; i < 11; i++) {
      expect((await logIn(MEMBER_PASSWORD, { email: `m${i}@example.com`, address: office })).status, `m${i}`).toBe(200);
    }
    // Failures still count per address: nine typos, and the right password still gets in…
    for (let i = 0; i < 9; i++)
      expect((await logIn('typo', { email: 'm0@example.com', address: office })).status).toBe(401);
    expect((await logIn(MEMBER_PASSWORD, { email: 'm1@example.com', address: office })).status).toBe(200);
    // …the tenth failure fills the window, and the next attempt waits.
    expect((await logIn('typo', { email: 'm0@example.com', address: office })).status).toBe(401);
    expect((await logIn(MEMBER_PASSWORD, { email: 'm2@example.com', address: office })).status).toBe(429);
  });

  it('never counts right passwords against the account either (new devices, one after another)', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    for (let i = 0; i < 12; i++) {
      expect((await logIn(MEMBER_PASSWORD, { address: `192.0.2.${100 + i}` })).status, `login ${i}`).toBe(200);
    }
    expect(await attack(10)).toEqual(Array(10).fill(401));
    expect((await logIn('guess', { address: '198.51.100.77' })).status).toBe(429);
  });

  it('slows an unknown device down instead of locking it out', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    await attack(20);
    const first = await logIn(MEMBER_PASSWORD);
    expect(first.status).toBe(429);
    const retryAfterS = Number(first.response.headers.get('retry-after'));
    expect(retryAfterS).toBeGreaterThan(0);
    expect(retryAfterS).toBeLessThanOrEqual(60);
    clock.advance(retryAfterS * 1000);
    const second = await logIn(MEMBER_PASSWORD);
    expect(second.status).toBe(200);
  });

  it('grows the delay with every further wrong password, up to a minute', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    expect(await attack(10)).toEqual(Array(10).fill(401));
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await logIn(`slow-${i}`, { address: `198.51.100.${100 + i}` });
      expect(refused.status).toBe(429);
      const wait = Number(refused.response.headers.get('retry-after'));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await logIn(`slow-${i}`, { address: `198.51.100.${150 + i}` })).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('paces parallel guesses: one attempt per opening, however many addresses', async () => {
    await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    await attack(10);
    clock.advance(1000);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => logIn(`burst-${i}`, { address: `198.51.100.${200 + i}` })),
    );
    expect(burst.filter((each) => each.status === 401)).toHaveLength(1);
    expect(burst.filter((each) => each.status === 429)).toHaveLength(7);
  });

  it('honours no forged, foreign or expired device cookie', async () => {
    const anna = await createMember(ctx(), { name: 'Anna', email: 'anna@example.com' });
    await createMember(ctx(), { name: 'Bob', email: 'bob@example.com' });
    const annas = deviceCookieFrom((await logIn(MEMBER_PASSWORD)).cookies);
    const bobs = deviceCookieFrom((await logIn(MEMBER_PASSWORD, { email: 'bob@example.com' })).cookies);
    const [userId, issuedAt, mac] = annas.slice('amora_device='.length).split('.') as [string, string, string];
    expect(Number(userId)).toBe(anna);
    const flipped = mac.endsWith('A') ? `${mac.slice(0, -1)}B` : `${mac.slice(0, -1)}A`;
    const forged = [
      `amora_device=${anna + 1}.${issuedAt}.${mac}`, // another account with Anna's signature
      `amora_device=${anna}.${Number(issuedAt) + 1}.${mac}`, // a later date with the old signature
      `amora_device=${anna}.${issuedAt}.${flipped}`, // a changed signature
      'amora_device=garbage',
      bobs, // a real cookie, of another account
    ];
    await attack(20);
    for (const cookie of forged) expect((await logIn(MEMBER_PASSWORD, { cookie })).status, cookie).toBe(429);
    expect((await logIn(MEMBER_PASSWORD, { cookie: annas })).status).toBe(200);
    // A year and a day later the cookie has run out even if the browser kept it.
    clock.advance(366 * 24 * 60 * 60 * 1000);
    await attack(20, 100);
    expect((await logIn(MEMBER_PASSWORD, { cookie: annas })).status).toBe(429);
  });
});
