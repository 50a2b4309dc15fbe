import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { balance, dutchMember, payOnSandbox, purchaseLayout } from './buyers';
import { CHAT_URL } from './journeys';

/**
 * docs/product.md §11 Discounts and Premium, in Chromium on the built app with the sandbox
 * provider: a new member sees the welcome discount with its countdown and pays the discounted
 * price once; a discount code is applied once and refused the second time; premium bought makes
 * messages free, and cancelling leaves it running to its end date.
 */
const browser = useBrowser();

const checkLayout = (page: Page, name: string) => purchaseLayout(browser, page, name);

async function buyFromCredits(page: Page, packageId: string): Promise<void> {
  await page.getByTestId(`package-${packageId}`).click();
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await page.getByRole('button', { name: 'Buy now' }).click();
}

describe('discounts', () => {
  it('the welcome discount shows a running countdown and applies to the first purchase only', async () => {
    const page = await dutchMember(browser);
    expect(await balance(browser, page)).toBe(20);
    const welcome = page.getByTestId('welcome-discount');
    expect(await welcome.textContent()).toContain('Welcome offer: 30 % off your first package');
    const clock = welcome.getByTestId('countdown').locator('time');
    const first = await clock.textContent();
    expect(first).toMatch(/^1d (23|2[0-3]):\d\d:\d\d$/);
    await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(first);
    // €19.99 struck, €13.99 to pay.
    expect(await page.getByTestId('price-popular').textContent()).toBe('€19.99 €13.99');
    expect(await checkLayout(page, 'credits-welcome')).toEqual([]);

    await buyFromCredits(page, 'popular');
    await page.waitForURL('**/payments/sandbox/**');
    expect(await page.getByTestId('sandbox-checkout').textContent()).toContain('€13.99');
    await payOnSandbox(page);
    expect(await page.getByTestId('transaction').textContent()).toContain('€13.99');
    expect(await balance(browser, page)).toBe(20 + 140);
    // Used: no banner, list prices again.
    expect(await page.getByTestId('welcome-discount').count()).toBe(0);
    expect(await page.getByTestId('price-popular').textContent()).toBe('€19.99');
  });

  it('a discount code lowers the price once and is refused the second time', async () => {
    const page = await dutchMember(browser, 'Sanne');
    // The refused codes below are answered 404, 410 and 409, which the browser logs.
    browser.allowConsoleError(/status of (404|409|410)/);
    await balance(browser, page);
    // A code nobody knows, and an expired one.
    const field = page.getByLabel('Discount code');
    for (const [code, message] of [
      ['NOPE-123', "We don't know this code"],
      ['SUMMER2025', 'This offer has ended.'],
    ] as const) {
      await field.fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => page.locator('#discount-error').textContent()).toContain(message);
    }
    await field.fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByTestId('discount-applied');
    await expect.poll(() => applied.textContent()).toContain('Code WELCOME10 applied: 10 % off');
    // The typed code replaces the welcome discount: €9.99 − 10 % = €8.99.
    expect(await page.getByTestId('price-starter').textContent()).toBe('€9.99 €8.99');
    expect(await checkLayout(page, 'credits-code')).toEqual([]);
    await buyFromCredits(page, 'starter');
    await page.waitForURL('**/payments/sandbox/**');
    expect(await page.getByTestId('sandbox-checkout').textContent()).toContain('€8.99');
    await payOnSandbox(page);
    expect(await balance(browser, page)).toBe(20 + 50);

    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('#discount-error').textContent()).toBe('You have already used this discount.');
    expect(await page.getByTestId('discount-applied').count()).toBe(0);
  });
});

describe('premium', () => {
  it('bought with iDEAL makes messages free; cancelled, it runs on to its end date', async () => {
    const page = await dutchMember(browser, 'Femke');
    // A message costs 2 credits in the Netherlands before premium.
    await page.goto(`${browser.baseURL}/members/2`);
    await browser.waitForIslands(page);
    await page.getByTestId('message-button').first().click();
    // A new member's chat with member 2 has no conversation yet: /members/2/chat (it leads to /chats/{id} once written).
    await page.waitForURL(CHAT_URL);
    const chatUrl = page.url();
    const send = async (text: string) => {
      await page.goto(chatUrl);
      await browser.waitForIslands(page);
      const composer = page.getByRole('textbox', { name: 'Your message' });
      await composer.fill(text);
      await composer.press('Enter');
      await expect.poll(() => page.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    };
    await send('Hello before premium');
    expect(await balance(browser, page)).toBe(18);

    await page.goto(`${browser.baseURL}/premium`);
    await browser.waitForIslands(page);
    const status = page.getByTestId('premium-status');
    expect(await status.textContent()).toContain("You don't have Premium yet.");
    expect(await checkLayout(page, 'premium')).toEqual([]);
    await page.getByTestId('plan-premium-1m').click();
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByRole('button', { name: 'Get Premium' }).click();
    await page.waitForURL('**/payments/sandbox/**');
    expect(await page.getByTestId('sandbox-checkout').textContent()).toContain('€24.99');
    await payOnSandbox(page);
    expect(await page.getByTestId('transaction').textContent()).toContain('Your Premium is active now.');

    await page.goto(`${browser.baseURL}/premium`);
    await browser.waitForIslands(page);
    expect(await status.textContent()).toMatch(/Active\. Renews on .+ for €24\.99\./);
    expect(await page.getByTestId('premium-plans').count()).toBe(0);
    expect(await checkLayout(page, 'premium-active')).toEqual([]);

    await send('Hello with premium');
    expect(await balance(browser, page)).toBe(18);
    expect(await page.locator('.credits-premium').textContent()).toContain('Premium');

    // Cancel: stated to run to the end date, and it does.
    await page.goto(`${browser.baseURL}/premium`);
    await browser.waitForIslands(page);
    await status.getByRole('button', { name: 'Cancel Premium' }).click();
    expect(await status.getByRole('group').textContent()).toContain('You keep every benefit until');
    await status.getByRole('button', { name: 'Yes, stop renewing' }).click();
    await expect.poll(() => status.textContent()).toMatch(/Active until .+\. It will not renew\./);
    await page.reload();
    await browser.waitForIslands(page);
    expect(await status.textContent()).toMatch(/Active until .+\. It will not renew\./);
    expect(await checkLayout(page, 'premium-cancelled')).toEqual([]);
    await send('Still free after cancelling');
    expect(await balance(browser, page)).toBe(18);
  });
});

describe('the balance in the app', () => {
  it('shows in the top navigation and the composer, and the composer offers packages when credits run out', async () => {
    const page = await dutchMember(browser, 'Lotte');
    await page.goto(`${browser.baseURL}/members/2`);
    await browser.waitForIslands(page);
    expect(await page.getByTestId('nav-balance').textContent()).toContain('20');
    await page.getByTestId('message-button').first().click();
    await page.waitForURL(CHAT_URL);
    await browser.waitForIslands(page);
    expect(await page.getByTestId('composer-balance').textContent()).toMatch(/20 credits.*2 credits per message/);
    // Spend the 20 welcome credits (2 a message in the Netherlands), then one more. The first message
    // creates the conversation and the address becomes /chats/{id} (docs/product.md §7).
    const first = page.getByRole('textbox', { name: 'Your message' });
    await first.fill('Message 0');
    await first.press('Enter');
    await page.waitForURL(/\/chats\/(\d+)$/);
    const chatId = /\/chats\/(\d+)$/.exec(page.url())![1]!;
    for (let n = 1; n < 10; n++) {
      const sent = await page.request.post(`${browser.baseURL}/api/messages.php`, {
        headers: { 'package-name': 'amora', 'content-type': 'application/json' },
        data: JSON.stringify({ conversation: Number(chatId), text: `Message ${n}` }),
      });
      expect(sent.status()).toBe(200);
    }
    browser.allowConsoleError(/status of 402/);
    await page.reload();
    await browser.waitForIslands(page);
    const composer = page.getByRole('textbox', { name: 'Your message' });
    await composer.fill('One more, please');
    await composer.press('Enter');
    const offer = page.getByTestId('inline-credit-offer');
    await offer.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('nav-balance').textContent()).toContain('0');
    expect(await offer.getByTestId('inline-package-popular').getAttribute('href')).toBe(
      `/credits/popular?return=${encodeURIComponent(`/chats/${chatId}`)}`,
    );
    expect(await checkLayout(page, 'chat-credit-offer')).toEqual([]);
    // The package link leads to /credits with it chosen; paying brings the member back to the chat.
    await offer.getByTestId('inline-package-popular').click();
    await page.waitForURL('**/credits/popular**');
    await browser.waitForIslands(page);
    expect(await page.getByTestId('package-popular').locator('input').isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await payOnSandbox(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`**/chats/${chatId}`);
    await browser.waitForIslands(page);
    expect(await page.getByTestId('nav-balance').textContent()).toContain('140');
  });
});
