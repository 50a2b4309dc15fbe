import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

/**
 * Similar results below the last page of /members (docs/product.md §2): the pages "Show more"
 * added are kept in the address (`similar=<n>`), so a reload and Back from a profile show them again.
 * The seeded search below has one page of results and two pages of similar results.
 */
const browser = useBrowser();
const SEARCH = '/members?country=US&min_age=56&max_age=65';

const similarCards = (page: Page) => page.getByTestId('similar-results').getByTestId('member-card');

describe('similar results (docs/product.md §2)', () => {
  it('"Show more" survives a reload and Back from a profile', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${browser.baseURL}${SEARCH}`);
    await browser.waitForIslands(page);
    await expect.poll(() => similarCards(page).count()).toBe(12);
    const firstPage = await similarCards(page).count();
    await page.getByTestId('similar-results').getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => similarCards(page).count()).toBeGreaterThan(firstPage);
    const shown = await similarCards(page).allTextContents();
    expect(new URL(page.url()).searchParams.get('similar')).toBe('2');

    await page.reload();
    await browser.waitForIslands(page);
    await expect.poll(() => similarCards(page).allTextContents()).toEqual(shown);
    expect(new URL(page.url()).searchParams.get('similar')).toBe('2');

    // Open the last similar member (from the page "Show more" added), then come back.
    await similarCards(page).last().locator('.member-card-link').click();
    await page.waitForURL(/\/members\/\d+$/);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/members' && url.searchParams.get('similar') === '2');
    await expect.poll(() => similarCards(page).allTextContents()).toEqual(shown);
  });
});
