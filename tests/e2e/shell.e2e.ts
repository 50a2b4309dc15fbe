import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { useBrowser } from './browser';
import { fillSignupStep0 } from './journeys';

const browser = useBrowser();

async function signUp(page: Page, name: string): Promise<void> {
  await fillSignupStep0(browser, page, {
    email: `${name.toLowerCase()}-${Date.now()}@example.com`,
    name,
    password: 'shell-pass',
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  // The wizard continues; the member leaves it for the members area.
  await page.waitForSelector('.wizard-card [data-testid^="step-"]');
  await page.goto(`${browser.baseURL}/members`);
}

describe('app shell', () => {
  it('has no serious or critical axe violations for visitors', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    const found: string[] = [];
    for (const path of ['/', '/login', '/signup', '/members', '/members/1', '/nowhere']) {
      await page.goto(`${browser.baseURL}${path}`);
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousViolations(page)));
    }
    expect(found).toEqual([]);
  });

  it('has no serious or critical axe violations for members, on phone width too', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUp(page, 'Axel');
    const found: string[] = [];
    for (const path of ['/', '/members', '/members/2', '/nowhere']) {
      await page.goto(`${browser.baseURL}${path}`);
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousViolations(page)));
    }
    expect(found).toEqual([]);
  });

  it('shows the error page with member profiles to a logged-in member', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    await signUp(page, 'Erin');
    const response = await page.goto(`${browser.baseURL}/does-not-exist`);
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('error-page').textContent()).toContain('404');
    await expect.poll(() => page.locator('.error-members .member-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  });

  it('answers bots with a plain text error', async () => {
    const page = await browser.newPage();
    const response = await page.request.get(`${browser.baseURL}/does-not-exist`, {
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/plain');
    expect(await response.text()).toBe('404 Not Found');
  });

  it('has no developer pages in a production build', async () => {
    browser.allowConsoleError(/404/);
    const page = await browser.newPage();
    for (const tool of ['dialogs', 'top-nav', 'activate-reminder', 'mail']) {
      const response = await page.goto(`${browser.baseURL}/_dev/${tool}`);
      expect(response?.status(), tool).toBe(404);
    }
    expect(await page.getByTestId('dev-panel').count()).toBe(0);
    const api = await page.request.post(`${browser.baseURL}/api/dev.php`, {
      headers: { 'package-name': 'amora', 'content-type': 'application/json' },
      data: { action: 'zero_credits' },
    });
    expect(api.status()).toBe(404);
  });

  it('shows the loading bar for slow API work and hides it again', async () => {
    const page = await browser.newPage();
    // The first page of results is in the HTML; a filter change makes the (slow) search call.
    await page.goto(`${browser.baseURL}/members`);
    await page.locator('section[data-hydrated]').waitFor();
    await page.route('**/api/search.php*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    await page.getByLabel('Looking for').selectOption('female');
    const bar = page.getByTestId('loading-bar');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('loading');
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('3px');
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 5000 }).toBe('idle');
  });
});
