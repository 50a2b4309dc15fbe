import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { useOwnServer } from './server';

/**
 * docs/architecture.md §5 Cookies: the production build, visited on another demo site's host over
 * plain HTTP from this machine (`http://lovelane.test:{port}`, as the README suggests), keeps its
 * member logged in; a request a proxy forwarded still gets `Secure` cookies. Chromium resolves
 * lovelane.test to 127.0.0.1 only (`--host-resolver-rules`): nothing leaves the machine.
 */
const own = useOwnServer('dev-sites', { SEED_ON_START: '0', HOST: '127.0.0.1' });
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP lovelane.test 127.0.0.1'],
  });
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'lovelane-pass-1';
const port = () => new URL(own.server.url).port;

/** Signs a lovelane member up through the API (that site needs a traffic source) and finishes the wizard. */
async function signUpLovelaneMember(email: string, headers: Record<string, string> = {}): Promise<string[]> {
  const api = (pathname: string, init: RequestInit, cookie?: string) =>
    fetch(`http://127.0.0.1:${port()}${pathname}`, {
      ...init,
      headers: {
        'package-name': 'lovelane',
        'content-type': 'application/json',
        ...headers,
        ...(cookie ? { cookie } : {}),
      },
    });
  const created = await api('/api/user.php?new=1', {
    method: 'POST',
    body: JSON.stringify({ email, name: 'Lotte', password: PASSWORD, language: 'en', trafficsource: 'adnet' }),
  });
  expect(created.status).toBe(200);
  const setCookies = created.headers.getSetCookie();
  const cookie = setCookies.find((value) => value.startsWith('amora_session='))!.split(';')[0]!;
  const done = await api('/api/user.php', { method: 'PUT', body: JSON.stringify({ lastSignupStep: 7 }) }, cookie);
  expect(done.status).toBe(200);
  return setCookies;
}

describe('another demo site over plain HTTP on this machine (docs/architecture.md §5 Cookies)', () => {
  it('a member logs in on http://lovelane.test:{port} and stays logged in across pages and a reload', async () => {
    await signUpLovelaneMember('lotte@example.com');
    const origin = `http://lovelane.test:${port()}`;
    // A real visitor's user agent: "HeadlessChrome" is a bot to the app (server/http/bots.ts).
    const probe = await browser.newPage();
    const userAgent = (await probe.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome');
    await probe.close();
    const context = await browser.newContext({ locale: 'en-US', userAgent });
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    expect(await page.locator('html').getAttribute('data-template')).toBe('lavish');
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    await page.getByLabel('E-mail address').fill('lotte@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${origin}/members`);

    const session = (await context.cookies(origin)).find((cookie) => cookie.name === 'amora_session');
    expect(session, 'the browser kept the session cookie').toBeDefined();
    expect(session!.secure).toBe(false);
    expect(session!.domain).toBe('lovelane.test');

    // A page only a logged-in member sees, after a full reload: no detour to /login.
    await page.goto(`${origin}/profile`);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/profile');
    // The browser's own call (it resolves lovelane.test; Node would not) carries the cookie.
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/user.php', { headers: { 'package-name': 'lovelane' } });
      return { status: response.status, email: ((await response.json()) as { email?: string }).email };
    });
    expect(me).toEqual({ status: 200, email: 'lotte@example.com' });
    await context.close();
  });

  it('a request a proxy forwarded (X-Forwarded-For) gets Secure cookies, whatever host it names', async () => {
    const cookies = await signUpLovelaneMember('proxied@example.com', {
      host: 'localhost',
      'x-forwarded-for': '203.0.113.9',
    });
    const session = cookies.find((value) => value.startsWith('amora_session='))!;
    expect(session).toMatch(/;\s*Secure/i);
  });
});
