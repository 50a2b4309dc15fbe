import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackingCookie, useBrowser } from './browser';

const browser = useBrowser();

/** A visitor of lovelane (signups and logged-out search only with a traffic source), in English. */
async function lovelanePage(tracking?: Record<string, string>): Promise<Page> {
  const page = await browser.newSitePage('lovelane.test', { locale: 'en-US' });
  if (tracking) await page.context().addCookies([trackingCookie(tracking, browser.baseURL)]);
  return page;
}

/** Every way a visitor could be sent to join: signup links, join buttons, the signup form. */
async function joinOffers(page: Page): Promise<number> {
  await browser.waitForIslands(page);
  const links = await page.locator('a[href^="/signup"]').count();
  const named = await page.getByRole('link', { name: /join|sign ?up|create .*account/i }).count();
  const buttons = await page.getByRole('button', { name: /join|sign ?up/i }).count();
  const form = await page.getByLabel('E-mail address').count();
  return links + named + buttons + form;
}

describe('a site whose signups need a traffic source', () => {
  it('offers a visitor without one no join button anywhere, but log-in and why', async () => {
    browser.allowConsoleError(/404/);
    const page = await lovelanePage();
    await page.goto(`${browser.baseURL}/`);
    expect(await page.locator('html').getAttribute('data-template')).toBe('lavish');
    expect(await joinOffers(page)).toBe(0);
    expect(await page.getByTestId('signups-closed').isVisible()).toBe(true);
    expect(
      await page
        .getByRole('link', { name: /log in|already have an account/i })
        .first()
        .isVisible(),
    ).toBe(true);
    await browser.screenshot(page, 'lovelane-home-closed');

    // The members page is not open to this visitor: it leads to the explanation with log-in.
    await page.goto(`${browser.baseURL}/members`);
    expect(await page.getByTestId('invite-only').isVisible()).toBe(true);
    expect(await joinOffers(page)).toBe(0);

    const profile = await page.goto(`${browser.baseURL}/members/7`);
    expect(profile?.status()).toBe(200);
    expect(await joinOffers(page)).toBe(0);
    expect(await page.getByTestId('signups-closed').isVisible()).toBe(true);
    // Liking opens the log-in prompt, not a join prompt.
    await page.getByRole('button', { name: /like/i }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: /join/i }).count()).toBe(0);
    expect(await dialog.locator('a[href^="/login"]').count()).toBe(1);
    await browser.screenshot(page, 'lovelane-profile-closed');

    const missing = await page.goto(`${browser.baseURL}/no/such/page`);
    expect(missing?.status()).toBe(404);
    expect(await joinOffers(page)).toBe(0);
    expect(await page.getByTestId('signups-closed').isVisible()).toBe(true);
    await browser.screenshot(page, 'lovelane-404-closed');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${browser.baseURL}/`);
    expect(await joinOffers(page)).toBe(0);
    expect(await page.locator('.bottom-nav a[href="/login"]').isVisible()).toBe(true);
    await browser.screenshot(page, 'lovelane-home-closed');
    await page.goto(`${browser.baseURL}/no/such/page`);
    await browser.screenshot(page, 'lovelane-404-closed');
  });

  it('shows a visitor with a tracking cookie the members and the signup form', async () => {
    browser.allowConsoleError(/404/);
    const page = await lovelanePage({ network: 'tiktok', sub1: 'spring' });
    // The first page of results comes in the HTML: the server searched for this visitor.
    const members = await page.goto(`${browser.baseURL}/members`);
    expect((await members!.text()).match(/data-testid="member-card"/g)?.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('member-card').count()).toBeGreaterThan(0);
    expect(await page.locator('.top-nav a[href="/signup"]').isVisible()).toBe(true);

    const missing = await page.goto(`${browser.baseURL}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await browser.waitForIslands(page);
    expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
  });

  it('keeps a traffic source that arrives in the members URL for the page’s own search', async () => {
    const page = await lovelanePage();
    await page.goto(`${browser.baseURL}/members?trafficsource=newsletter`);
    await expect.poll(() => page.getByTestId('member-card').count()).toBeGreaterThan(0);
    // The page's own search calls carry the source through the tracking cookie the page set.
    await page.locator('section[data-hydrated]').waitFor();
    const search = page.waitForResponse((response) => response.url().includes('/api/search.php'));
    await page.getByLabel('Looking for').selectOption('female');
    expect((await search).status()).toBe(200);
    await expect.poll(() => page.getByTestId('member-card').count()).toBeGreaterThan(0);
  });
});
