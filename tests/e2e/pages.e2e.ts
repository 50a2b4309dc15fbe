import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('pages', () => {
  it('answers unknown routes with the 404 page', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    const response = await page.goto(`${browser.baseURL}/no/such/page`);
    expect(response?.status()).toBe(404);
    // A friendly sentence leads; the status text stays the detail (and the document title).
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Oops! This page seems to have wandered off.');
    expect(await page.title()).toMatch(/^Page not found · /);
    expect(await page.getByTestId('error-page').textContent()).toMatch(/Error\s*404/);
    expect(await page.getByTestId('error-detail').textContent()).toBe('Page Not Found: /no/such/page');
    expect(await page.locator('html').getAttribute('class')).toBe('app-error-404-page');
    // docs/product.md §2: a visitor gets the signup form under the error.
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
    // docs/product.md §9: members whose language differs from the page's (en) carry a language badge.
    const badges = await page.getByTestId('language-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
  });

  it('filters the grid and shows the empty state', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${browser.baseURL}/members`);
    await expect.poll(() => page.getByTestId('member-card').count()).toBe(12);
    // The cards come in the HTML: the filters work once the island has hydrated.
    await page.locator('section[data-hydrated]').waitFor();
    await page.getByLabel('Looking for', { exact: true }).selectOption('female');
    await page.waitForURL(/gender=female/);
    await expect
      .poll(async () => {
        const texts = await page.getByTestId('member-card').count();
        return texts > 0;
      })
      .toBe(true);
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

  it('shows a member other members on the 404 page, never the member themself', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    await browser.logIn(page, 'demo5@amora.test');
    const ownId = await page.evaluate(
      () => JSON.parse(document.getElementById('amora-boot')!.textContent!).user.profile.id as number,
    );
    await page.goto(`${browser.baseURL}/no/such/page`);
    const links = await page
      .locator('.error-members a.member-card-link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(links).not.toContain(`/members/${ownId}`);
  });

  it('shows complaints as wide as the other text pages, with mail and phone links to customer support', async () => {
    const page = await browser.newPage();
    await page.goto(`${browser.baseURL}/pages/terms`);
    const textWidth = (await page.locator('main').boundingBox())!.width;
    await page.goto(`${browser.baseURL}/complaints`);
    const complaints = page.getByTestId('complaints');
    const box = await complaints.boundingBox();
    expect(Math.abs(box!.width - textWidth)).toBeLessThan(2);
    const write = complaints.getByRole('link', { name: 'write to customer support' });
    expect(await write.getAttribute('href')).toBe('mailto:support@amora.test');
    const phone = complaints.locator('a[href^="tel:"]');
    expect(await phone.getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
    await browser.screenshot(page, 'complaints');
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.screenshot(page, 'complaints');
  });

  it('shows the site’s logo on the match finder and, after the quiz, a signup about to show the matches', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${browser.baseURL}/match-finder`);
    const logo = page.getByTestId('site-logo');
    await browser.screenshot(page, 'match-finder-logo');
    expect(await logo.isVisible()).toBe(true);
    expect(await logo.textContent()).toContain('Amora');
    await page.locator('fieldset[data-step="1"]').getByRole('radio', { name: 'A man' }).check();
    await page.locator('fieldset[data-step="2"]').getByRole('radio', { name: 'A woman' }).check();
    await page.locator('fieldset[data-step="3"]').getByRole('radio').nth(1).check();
    await page.click('.mf-submit');
    await page.waitForURL('**/signup?**');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your matches are ready');
    expect(await page.getByText('we will show you your matches right away').isVisible()).toBe(true);
    await browser.screenshot(page, 'signup-for-matches');
  });
});
