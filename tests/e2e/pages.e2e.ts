import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('pages', () => {
  it('answers unknown routes with the 404 page', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    const response = await page.goto(`${browser.baseURL}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByTestId('error-page').textContent()).toMatch(/Error\s*404/);
    expect(await page.getByTestId('error-detail').textContent()).toBe('Page Not Found: /no/such/page');
    expect(await page.locator('html').getAttribute('class')).toBe('app-error-404-page');
    // SPEC §2: a visitor gets the signup form under the error.
    expect(await page.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
  });

  it('answers an unknown member with the 404 page', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    const response = await page.goto(`${browser.baseURL}/members/99999999`);
    expect(response?.status()).toBe(404);
  });

  it('picks the locale from Accept-Language, then the cookie', async () => {
    const page = await browser.newPage({ locale: 'de-DE' });
    await page.goto(`${browser.baseURL}/login`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'pl', url: browser.baseURL }]);
    await page.goto(`${browser.baseURL}/login`);
    expect(await page.locator('html').getAttribute('lang')).toBe('pl-PL');
  });

  it('keeps /search as an alias of /members with its query', async () => {
    const page = await browser.newPage();
    await page.goto(`${browser.baseURL}/search?page=2`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/members?page=2');
    await expect.poll(() => page.getByTestId('member-card').count()).toBe(12);
    // SPEC §9: members whose language differs from the page's (en) carry a language badge.
    const badges = await page.getByTestId('language-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
  });

  it('filters the grid and shows the empty state', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${browser.baseURL}/members`);
    await expect.poll(() => page.getByTestId('member-card').count()).toBe(12);
    await page.getByLabel('Looking for', { exact: true }).selectOption('female');
    await page.waitForURL(/gender=female/);
    await expect.poll(async () => {
      const texts = await page.getByTestId('member-card').count();
      return texts > 0;
    }).toBe(true);
    await page.getByLabel('Age', { exact: true }).selectOption('over65');
    await page.getByLabel('Country', { exact: true }).selectOption('NZ');
    await page.getByLabel('Region', { exact: true }).selectOption({ index: 1 });
    await expect.poll(() => page.getByText('No members match these filters').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByTestId('member-card').count()).toBe(12);
  });

  it('serves the messages of a locale', async () => {
    const page = await browser.newPage();
    const response = await page.request.get(`${browser.baseURL}/_i18n/nl/messages.json`);
    expect(response.status()).toBe(200);
    const json = await response.json();
    expect(Object.keys(json)).toEqual(['nl']);
    expect(json.nl.nav.search).toBeTruthy();
  });
});
