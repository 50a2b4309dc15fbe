import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import * as buyers from './buyers';
import { purchaseLayout } from './buyers';

/**
 * docs/product.md §11 A purchase, in Chromium on the built app with the sandbox provider: a Dutch
 * member buys a package with iDEAL, pays on the sandbox checkout and sees the payment received
 * with the balance risen by credits + bonus; failed and cancelled payments grant nothing. Each
 * new page passes the layout checks at 390 and 1280 px.
 */
const browser = useBrowser();
const dutchMember = () => buyers.dutchMember(browser);
const balance = (page: Page) => buyers.balance(browser, page);

const checkLayout = (page: Page, name: string) => purchaseLayout(browser, page, name);

/** From /credits: picks the package and method, buys, and ends on the sandbox checkout. */
async function checkout(page: Page, packageId: string, method: string): Promise<void> {
  await page.goto(`${browser.baseURL}/credits`);
  await browser.waitForIslands(page);
  await page.getByTestId(`package-${packageId}`).click();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL('**/payments/sandbox/**');
}

describe('buying credits with the sandbox provider', () => {
  it('a Dutch member pays 120 + 20 bonus credits with iDEAL and finds them on the balance', async () => {
    const page = await dutchMember();
    const before = await balance(page);
    const packages = page.getByTestId('credit-packages');
    // Euro prices with VAT, iDEAL offered in the Netherlands, the popular package preselected.
    expect(await packages.getByTestId('package-popular').textContent()).toContain('€');
    expect(await page.getByRole('radio', { name: 'iDEAL' }).count()).toBe(1);
    expect(await page.getByTestId('package-popular').locator('input').isChecked()).toBe(true);
    const findings = await checkLayout(page, 'credits');

    await checkout(page, 'popular', 'iDEAL');
    expect(await page.getByTestId('sandbox-checkout').textContent()).toContain('140 credits');
    findings.push(...(await checkLayout(page, 'sandbox')));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/transactions/**');
    const transaction = page.getByTestId('transaction');
    await expect.poll(() => transaction.getAttribute('data-status'), { timeout: 10_000 }).toBe('paid');
    expect(await transaction.textContent()).toContain('Payment received');
    findings.push(...(await checkLayout(page, 'transaction')));
    expect(findings).toEqual([]);

    expect(await balance(page)).toBe(before + 140);
    expect(await page.getByTestId('credit-history').textContent()).toContain('Credits bought');

    // Repeat order: the same package and method again in one click, charged to the mandate
    // the iDEAL payment left: no checkout this time.
    await page.goto(`${browser.baseURL}/credits/repeat-order`);
    await browser.waitForIslands(page);
    const repeat = page.getByTestId('repeat-order');
    expect(await repeat.textContent()).toContain('140 credits');
    expect(await repeat.textContent()).toContain('saved iDEAL');
    expect(await checkLayout(page, 'repeat-order')).toEqual([]);
    await repeat.getByRole('button', { name: 'Buy again now' }).click();
    await page.waitForURL('**/transactions/**');
    await expect
      .poll(() => page.getByTestId('transaction').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('paid');
    expect(await balance(page)).toBe(before + 280);
  });

  it('a failed and a cancelled payment grant nothing and say so', async () => {
    const page = await dutchMember();
    const before = await balance(page);
    // Nothing bought yet: there is nothing to repeat.
    await page.goto(`${browser.baseURL}/credits/repeat-order`);
    expect(new URL(page.url()).pathname).toBe('/credits');
    for (const [choice, title] of [
      ['Let the payment fail', 'The payment failed'],
      ['Cancel the payment', 'You cancelled the payment'],
    ] as const) {
      await checkout(page, 'starter', 'PayPal');
      await page.getByRole('button', { name: choice }).click();
      await page.waitForURL('**/transactions/**');
      const transaction = page.getByTestId('transaction');
      await expect
        .poll(() => transaction.getAttribute('data-status'), { timeout: 10_000 })
        .toBe(choice === 'Cancel the payment' ? 'cancelled' : 'failed');
      expect(await transaction.getByRole('heading').textContent()).toBe(title);
      expect(await transaction.textContent()).toContain('Nothing was charged');
    }
    expect(await balance(page)).toBe(before);
    // Unpaid purchases are nothing to repeat either.
    await page.goto(`${browser.baseURL}/credits/repeat-order`);
    expect(new URL(page.url()).pathname).toBe('/credits');
  });
});
