import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { useOwnServer } from './server';

/**
 * docs/product.md §10 Password and password reset: forgot password → mailed link → new password
 * (other devices logged out), and changing the password on /profile; plus the activate-reminder's
 * "send the link again" (§2). Own server with a test SMTP server.
 */
const browser = useBrowser();
const own = useOwnServer('password', { SEED_ON_START: '0' });

const FIRST_PASSWORD = 'first-pass-1';
const SECOND_PASSWORD = 'second-pass-2';
const api = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`${own.server.url}${pathname}`, {
    ...init,
    headers: {
      'package-name': 'amora',
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });

/** Signs a member up through the API and marks the wizard done; the address stays unconfirmed. */
async function signUpMember(email: string, name: string): Promise<void> {
  const created = await api('/api/user.php?new=1', {
    method: 'POST',
    body: JSON.stringify({ email, name, password: FIRST_PASSWORD, language: 'en' }),
  });
  expect(created.status).toBe(200);
  const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
  const done = await api('/api/user.php', { method: 'PUT', body: JSON.stringify({ lastSignupStep: 7 }), cookie });
  expect(done.status).toBe(200);
}

async function logInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${own.server.url}/login`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/members');
}

/** Whether the page's browser still has a live session (an API call with its cookies). */
async function isLoggedIn(page: Page): Promise<boolean> {
  const response = await page.request.get(`${own.server.url}/api/user.php`, { headers: { 'package-name': 'amora' } });
  return response.status() === 200;
}

async function mailTo(address: string, subject: string) {
  await expect
    .poll(() => own.smtp.received.some((mail) => mail.to?.[0]?.address === address && mail.subject === subject), {
      timeout: 15_000,
    })
    .toBe(true);
  return own.smtp.received.find((mail) => mail.to?.[0]?.address === address && mail.subject === subject)!;
}

/** Waits until the island holding `selector` has hydrated (the /profile sections load when visible). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const island = document.querySelector(css)?.closest('astro-island');
    return island !== null && island !== undefined && !island.hasAttribute('ssr');
  }, selector);
}

/** Screenshots `password-{name}` at 390 and 1280 px. */
async function shotBoth(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await browser.screenshot(page, `password-${name}`);
  }
}

describe('password journeys (docs/product.md §10)', () => {
  it('forgot password: mailed link, new password, logged in here and out on the other device', async () => {
    const email = `forgot-${Date.now()}@example.com`;
    await signUpMember(email, 'Fiona');
    const other = await browser.newPage();
    await logInAs(other, email, FIRST_PASSWORD);

    const page = await browser.newPage();
    await page.goto(`${own.server.url}/login`);
    await browser.waitForIslands(page);
    browser.allowConsoleError(/status of 401/);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('The e-mail address or password is not correct.');
    await shotBoth(page, 'login-error');
    await alert.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    await browser.waitForIslands(page);
    await shotBoth(page, 'request');

    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const sent = page.getByTestId('reset-sent');
    await expect.poll(() => sent.isVisible()).toBe(true);
    expect(await sent.textContent()).toContain(`If an account exists for ${email}`);
    await shotBoth(page, 'request-sent');

    const mail = await mailTo(email, 'Choose a new password for Amora');
    const link = /https?:\/\/\S+\/reset-password\/do\?token=[\w-]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await browser.waitForIslands(page);
    await shotBoth(page, 'new');
    await page.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByLabel('Repeat the new password').fill('not-the-same');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => page.getByText('The two passwords are not the same').isVisible()).toBe(true);
    await page.getByLabel('Repeat the new password').fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/members');
    expect(await isLoggedIn(page)).toBe(true);

    // The other device is logged out: its next page load asks for a login.
    await other.goto(`${own.server.url}/profile`);
    await other.waitForURL('**/login?next=%2Fprofile');
    expect(await isLoggedIn(other)).toBe(false);

    // The link worked once.
    const again = await browser.newPage();
    await again.goto(link);
    await expect.poll(() => again.getByTestId('reset-link-error').isVisible()).toBe(true);
    expect(await again.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe('/reset-password');
    await shotBoth(again, 'link-used');

    // The old password no longer works, the new one does.
    const login = await browser.newPage();
    await login.goto(`${own.server.url}/login`);
    await browser.waitForIslands(login);
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password').fill(FIRST_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => login.getByRole('alert').textContent()).toContain('not correct');
    await login.getByLabel('Password').fill(SECOND_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL('**/members');
  });

  it('change password on /profile: wrong current password, then success; the other session ends and a mail arrives', async () => {
    const email = `change-${Date.now()}@example.com`;
    await signUpMember(email, 'Carl');
    const other = await browser.newPage();
    await logInAs(other, email, FIRST_PASSWORD);
    const page = await browser.newPage();
    await logInAs(page, email, FIRST_PASSWORD);
    await page.goto(`${own.server.url}/profile`);

    // The address is not confirmed yet: the reminder's "send the link again" mails a new link.
    const reminder = page.getByTestId('activate-reminder');
    await expect.poll(() => reminder.isVisible()).toBe(true);
    await hydrated(page, '[data-testid="activate-reminder"]');
    await reminder.getByRole('button', { name: 'Send the link again' }).click();
    await expect
      .poll(() => reminder.textContent())
      .toContain('A new link is on its way. Check your inbox and spam folder.');
    await mailTo(email, 'Confirm your e-mail address for Amora');
    await shotBoth(page, 'activate-reminder-sent');

    const section = page.getByTestId('password-section');
    await section.scrollIntoViewIfNeeded();
    await hydrated(page, '[data-testid="password-section"]');
    browser.allowConsoleError(/status of 422/);
    await section.getByLabel('Current password').fill('not-my-password');
    await section.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
    await section.getByLabel('Repeat the new password').fill(SECOND_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => section.getByText('This is not your current password').isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shotBoth(page, 'section-error');

    await section.getByLabel('Current password').fill(FIRST_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toContain('You were logged out on your other devices.');
    await section.scrollIntoViewIfNeeded();
    await shotBoth(page, 'section-done');
    expect(await isLoggedIn(page)).toBe(true);
    expect(await isLoggedIn(other)).toBe(false);

    const mail = await mailTo(email, 'Your Amora password was changed');
    expect(mail.text).toMatch(/https?:\/\/\S+\/reset-password/);
  });

  it('a used or unknown complete-signup link lands on a friendly page with log-in and reset links', async () => {
    const page = await browser.newPage();
    await page.goto(`${own.server.url}/complete-signup?token=${'A'.repeat(43)}`);
    await page.waitForURL('**/complete-signup/error?reason=invalid');
    const panel = page.getByTestId('complete-signup-error');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=/signup');
    expect(await panel.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
    await shotBoth(page, 'complete-signup-error');
  });
});
