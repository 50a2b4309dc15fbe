import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { totpCodeAt } from '../../src/server/operators/totp';
import type { E2eBrowser } from './browser';

/** Console steps shared by the browser tests (docs/product.md §13 Access). */

export const E2E_OPERATOR_PASSWORD = 'console-e2e-password';

/** Waits until the next 30-s step has begun since `after` (ms): a code of a new step (no replay). */
async function nextStepCode(secret: string, after: number): Promise<string> {
  const step = (ms: number) => Math.floor(ms / 30_000);
  while (step(Date.now()) <= step(after)) await new Promise((resolve) => setTimeout(resolve, 250));
  return totpCodeAt(secret, Date.now());
}

/**
 * A new operator's first visit, as in production: opens the one-time setup link made by
 * `npm run operator:add` (global setup), sets the password, logs in, enrols the authenticator
 * from the secret under the QR code, notes the recovery codes shown once, and ends on `next`.
 * @returns the TOTP secret and when its last code was used (ms), for a later log-in.
 */
export async function enrolOperator(
  browser: E2eBrowser,
  page: Page,
  email: string,
  next = '/admin',
): Promise<{ secret: string; usedAt: number }> {
  const token = inject('operatorSetupTokens')[email];
  if (!token) throw new Error(`no setup token for ${email}`);
  await page.goto(`${browser.baseURL}/admin/setup?token=${token}`);
  await browser.waitForIslands(page);
  await page.getByLabel('New password').fill(E2E_OPERATOR_PASSWORD);
  await page.getByLabel('Repeat the password').fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Go to the log-in' }).click();
  await page.waitForURL('**/admin/login');
  if (next !== '/admin') await page.goto(`${browser.baseURL}/admin/login?next=${encodeURIComponent(next)}`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 10_000 }))!.trim();
  expect(await page.locator('.admin-qr svg').count()).toBe(1);
  const code = await totpCodeAt(secret, Date.now());
  const usedAt = Date.now();
  await page.getByLabel('Code from your authenticator').fill(code);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.nth(9).waitFor();
  expect(await codes.count()).toBe(10);
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await page.waitForURL(`**${next}`);
  await browser.waitForIslands(page);
  return { secret, usedAt };
}

/** An enrolled operator's later log-in (password, then a code of a step after `usedAt`); ends on `next`. */
export async function logInOperator(
  browser: E2eBrowser,
  page: Page,
  email: string,
  secret: string,
  usedAt: number,
  next = '/admin',
): Promise<number> {
  await page.goto(`${browser.baseURL}/admin/login?next=${encodeURIComponent(next)}`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await nextStepCode(secret, usedAt);
  const now = Date.now();
  await page.getByLabel('Code from your authenticator').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${next}`);
  await browser.waitForIslands(page);
  return now;
}
