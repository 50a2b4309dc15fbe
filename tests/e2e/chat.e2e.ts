import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser';
import { navBadge, openChatFromProfile } from './journeys';

const browser = useBrowser();
/** B's server: a second process on the same PostgreSQL in `npm run test:pg`, else the same one. */
const baseB = inject('baseURL2') ?? browser.baseURL;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('chat (journey)', () => {
  it('A writes to B from B’s profile; B sees the unread badge live, opens it, A sees "seen" and B typing; GIFs; A deletes the chat', async () => {
    // demo N has id N in the seeded database; demo 11 (A) has its welcome credits, demo 12 is B.
    const pageB = await browser.newPage({ viewport: DESKTOP });
    await browser.logIn(pageB, 'demo12@amora.test', baseB);
    await browser.waitForIslands(pageB);
    const before = await navBadge(pageB, '/chats');

    const pageA = await browser.newPage({ viewport: DESKTOP });
    await openChatFromProfile(browser, pageA, 11, 12);
    const text = `Hello from A ${Date.now()}`;
    await pageA.getByLabel('Your message').fill(text);
    await pageA.getByLabel('Your message').press('Enter');
    await expect.poll(() => pageA.getByTestId('message').filter({ hasText: text }).count()).toBe(1);

    // B, on the members page, gets the unread badge without reloading.
    const started = Date.now();
    await expect.poll(() => navBadge(pageB, '/chats'), { timeout: 3000, interval: 50 }).toBe(before + 1);
    expect(Date.now() - started).toBeLessThan(1500);

    await pageB.goto(`${baseB}/chats`);
    await browser.waitForIslands(pageB);
    await pageB.getByTestId('chat-item').first().locator('a').click();
    await pageB.waitForURL(/\/chats\/\d+$/);
    await browser.waitForIslands(pageB);
    await expect.poll(() => pageB.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    await expect.poll(() => pageA.getByTestId('seen').count()).toBe(1);

    await pageB.getByLabel('Your message').pressSequentially('typing…', { delay: 30 });
    await expect.poll(() => pageA.getByTestId('typing').count()).toBe(1);
    await browser.screenshot(pageA, 'chat-conversation');
    await pageB.setViewportSize(PHONE);
    await browser.screenshot(pageB, 'chat-conversation');

    // An XSS corpus stays text on both sides: nothing runs, no element or link is created.
    const corpus = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=2</script>',
      '<svg onload="window.__xss=3"><circle r=1 /></svg>',
      'javascript:window.__xss=4',
      '<a href="javascript:window.__xss=5">click me</a>',
      'abc\u202Egpj.exe\u202C done',
    ];
    for (const line of corpus) {
      await pageB.getByLabel('Your message').fill(line);
      await pageB.getByLabel('Your message').press('Enter');
    }
    await expect.poll(() => pageA.getByTestId('message').filter({ hasText: 'done' }).count()).toBe(1);
    for (const page of [pageA, pageB]) {
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      const bubbles = page.locator('[data-testid="message"] .bubble');
      expect(await bubbles.locator('img, script, svg, a').count()).toBe(0);
    }
    expect(await pageA.getByTestId('message').filter({ hasText: 'onerror=' }).count()).toBe(1);

    // A sends a GIF from the picker (built-in set, searched in A's language); B sees the animation.
    await pageA.getByRole('button', { name: /GIF/ }).click();
    const picker = pageA.getByRole('dialog', { name: 'Choose a GIF' });
    await picker.getByLabel('Search GIFs').fill('coffee');
    await expect.poll(() => picker.locator('[data-testid="gif-grid"] img').count()).toBe(1);
    await browser.screenshot(pageA, 'chat-gif-picker');
    await picker.locator('[data-testid="gif-grid"] button').first().click();
    await expect.poll(() => picker.count()).toBe(0);
    const gifInB = pageB.locator('[data-testid="message"] .bubble-gif img[src="/gifs/coffee.gif"]');
    await expect.poll(() => gifInB.count()).toBe(1);
    await expect.poll(() => gifInB.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await browser.screenshot(pageB, 'chat-gif-received');

    await pageA.goto(`${browser.baseURL}/chats`);
    await browser.waitForIslands(pageA);
    const items = pageA.getByTestId('chat-item');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    await browser.screenshot(pageA, 'chat-list');
    const count = await items.count();

    // A failed delete says so and the chat comes back with the reloaded list.
    browser.allowConsoleError(/status of 503/);
    await pageA.route('**/api/chat.php', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":{"code":"internal","message":"errors.internal"}}',
          })
        : route.fallback(),
    );
    await items.first().getByRole('button').click();
    const alert = pageA
      .getByRole('alertdialog')
      .or(pageA.getByRole('dialog'))
      .filter({ hasText: 'The chat was not deleted' });
    await expect.poll(() => alert.count()).toBe(1);
    await expect.poll(() => items.count()).toBe(count);
    await alert.getByRole('button').first().click();
    await pageA.unroute('**/api/chat.php');

    await items.first().getByRole('button').click();
    await expect.poll(() => items.count()).toBe(count - 1);
  });

  it('/credits shows the balance, the price of a message and the history; visitors log in first', async () => {
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${browser.baseURL}/credits`);
    await visitor.waitForURL(/\/login\?next=%2Fcredits$/);

    const page = await browser.newPage({ viewport: PHONE });
    await browser.logIn(page, 'demo11@amora.test');
    await page.goto(`${browser.baseURL}/credits`);
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toMatch(/^\d+\s*credits?$/);
    expect(await page.locator('h1').textContent()).toBe('Your credits');
    expect(
      await page.getByText(/A message costs you \d+ credits?\.|Messages are free for you\.|Premium until/).count(),
    ).toBe(1);
    await browser.screenshot(page, 'credits');
    await page.setViewportSize(DESKTOP);
    await browser.screenshot(page, 'credits');
  });
});
