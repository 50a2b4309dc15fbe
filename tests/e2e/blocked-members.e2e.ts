import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { openProfileAs } from './journeys';

/**
 * Blocked members on /profile and Unblock (docs/product.md §10 Blocked members), and the "Cannot
 * start chat" modal (docs/product.md §8). Demo members 270–279 are used by these tests only.
 */
const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Calls the member API from the page (its cookie and origin), as the islands do. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'package-name': 'amora', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/** The name on a profile page's heading ("Anna, 34" → "Anna"). */
async function profileName(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).textContent())!.split(',')[0]!.trim();
}

const startError = (page: Page) => page.getByRole('dialog', { name: /Cannot start chat/ });

describe('blocked members (docs/product.md §10)', () => {
  it('block → the list on /profile shows them → unblock there → their profile is visible again', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openProfileAs(browser, page, 270, 271);
    const name = await profileName(page);
    await page.getByRole('button', { name: `More options for ${name}` }).click();
    await page.getByRole('menuitem', { name: `Block ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Block ${name}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await page.waitForURL('**/members');

    await page.goto(`${browser.baseURL}/profile`);
    await browser.waitForIslands(page);
    const section = page.getByTestId('blocked-section');
    await section.scrollIntoViewIfNeeded();
    const row = section.getByRole('listitem').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    // Only the name and an initial: no photo of the blocked member.
    expect(await section.locator('img').count()).toBe(0);
    await browser.screenshot(page, 'blocked-members');
    await page.setViewportSize(DESKTOP);
    await section.scrollIntoViewIfNeeded();
    await browser.screenshot(page, 'blocked-members');

    await row.getByRole('button', { name: 'Unblock' }).click();
    const confirm = page.getByRole('dialog', { name: `Unblock ${name}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await browser.screenshot(page, 'unblock-dialog');
    await confirm.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect.poll(() => section.getByText("You haven't blocked anyone.").isVisible()).toBe(true);
    expect(await section.getByText(`${name} is unblocked.`).isVisible()).toBe(true);

    await page.goto(`${browser.baseURL}/members/271`);
    await browser.waitForIslands(page);
    expect(await page.getByTestId('profile').isVisible()).toBe(true);
    expect(await profileName(page)).toBe(name);
  });

  it("the profile of a member I blocked shows only the name, with Unblock in its ⋯ menu; the blocked member's is a 404", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openProfileAs(browser, page, 272, 273);
    const name = await profileName(page);
    expect(await api(page, 'POST', '/api/block.php', { profile: 273 })).toBe(200);

    // The blocked member gets a 404 there: nothing says who blocked them.
    browser.allowConsoleError(/status of 404/);
    const other = await browser.newPage({ viewport: PHONE });
    await browser.logIn(other, 'demo273@amora.test');
    const answer = await other.goto(`${browser.baseURL}/members/272`);
    expect(answer!.status()).toBe(404);
    expect(await other.getByTestId('blocked-profile').count()).toBe(0);

    await page.reload();
    await browser.waitForIslands(page);
    const blocked = page.getByTestId('blocked-profile');
    expect(await blocked.isVisible()).toBe(true);
    expect(await blocked.locator('img').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    await browser.screenshot(page, 'blocked-profile');
    await page.setViewportSize(DESKTOP);
    await browser.screenshot(page, 'blocked-profile');

    await page.getByRole('button', { name: `More options for ${name}` }).click();
    await page.getByRole('menuitem', { name: `Unblock ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Unblock ${name}?` })
      .getByRole('button', { name: 'Unblock', exact: true })
      .click();
    await page.getByTestId('profile').waitFor();
    expect(await profileName(page)).toBe(name);
  });
});

describe('"Cannot start chat" (docs/product.md §8)', () => {
  it('chatting with yourself, an unknown or a blocked member shows the modal instead of a redirect or a 404', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await browser.logIn(page, 'demo274@amora.test');

    // Yourself: back on your own profile, with the modal (shown once: the address loses ?chat=failed).
    await page.goto(`${browser.baseURL}/members/274/chat`);
    await page.waitForURL((url) => url.pathname === '/members/274');
    await expect.poll(() => startError(page).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.has('chat')).toBe(false);
    await browser.screenshot(page, 'chat-start-error');
    await page.setViewportSize(DESKTOP);
    await browser.screenshot(page, 'chat-start-error');
    await startError(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => startError(page).isVisible()).toBe(false);

    // An unknown member: the search, not a 404.
    const unknown = await page.goto(`${browser.baseURL}/members/999999/chat`);
    expect(unknown!.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/members');
    await expect.poll(() => startError(page).isVisible()).toBe(true);

    // A member I blocked: their page (name and Unblock), with the modal.
    expect(await api(page, 'POST', '/api/block.php', { profile: 275 })).toBe(200);
    await page.goto(`${browser.baseURL}/members/275/chat`);
    await page.waitForURL((url) => url.pathname === '/members/275');
    await expect.poll(() => startError(page).isVisible()).toBe(true);
    expect(await page.getByTestId('blocked-profile').isVisible()).toBe(true);

    // A member who blocked me: the search (nothing tells them who it was), with the modal.
    const blocked = await browser.newPage({ viewport: PHONE });
    await browser.logIn(blocked, 'demo275@amora.test');
    await blocked.goto(`${browser.baseURL}/members/274/chat`);
    await blocked.waitForURL((url) => url.pathname === '/members');
    await expect.poll(() => startError(blocked).isVisible()).toBe(true);
  });
});
