import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2eBrowser } from './browser';
import { layoutViolations } from './layout-checks';

/** Helpers of the purchase journeys (docs/product.md §11): a fresh buyer, the balance, the sandbox checkout. */

/** A new Dutch member (signed up just now, so the welcome discount runs), logged in on a new phone-sized page. */
export async function dutchMember(browser: E2eBrowser, name = 'Noor'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const api = (path: string, method: string, body: unknown) =>
    page.request.fetch(`${browser.baseURL}${path}`, {
      method,
      headers: { 'package-name': 'amora', 'content-type': 'application/json' },
      data: JSON.stringify(body),
    });
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect(
    (await api('/api/user.php?new=1', 'POST', { email, name, password: 'buyer-pass-1', language: 'en' })).status(),
  ).toBe(200);
  expect((await api('/api/user.php', 'PUT', { country: 'NL', countryregion: null, city: 'Utrecht' })).status()).toBe(
    200,
  );
  expect((await api('/api/user.php', 'PUT', { lastSignupStep: 7 })).status()).toBe(200);
  return page;
}

/** The balance /credits shows (credits). */
export async function balance(browser: E2eBrowser, page: Page): Promise<number> {
  await page.goto(`${browser.baseURL}/credits`);
  await browser.waitForIslands(page);
  return Number((await page.getByTestId('credit-balance').locator('strong').textContent())!.replace(/\D/g, ''));
}

/** On the sandbox checkout: pays, and waits until the transaction page says paid. */
export async function payOnSandbox(page: Page): Promise<void> {
  await page.waitForURL('**/payments/sandbox/**');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/transactions/**');
  await expect
    .poll(() => page.getByTestId('transaction').getAttribute('data-status'), { timeout: 10_000 })
    .toBe('paid');
}

/** Layout findings of a purchase page on amora at 390 and 1280 px, axe included (screenshots `purchase-{name}`). */
export async function purchaseLayout(browser: E2eBrowser, page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    found.push(...(await layoutViolations(page, { route: name, site: 'amora', width, locale: 'en' }, { axe: true })));
    await browser.screenshot(page, `purchase-${name}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return found;
}
