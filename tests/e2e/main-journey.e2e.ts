import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('main journey', () => {
  it('signs up, browses members, opens a profile, logs out and back in', async () => {
    const page = await browser.newPage();
    const email = `journey-${Date.now()}@example.com`;
    await page.goto(`${browser.baseURL}/`);
    await expect(page.locator('html').getAttribute('class')).resolves.toBe('index');
    await page.getByRole('link', { name: 'Join free' }).first().click();
    await page.waitForURL('**/signup');
    await browser.waitForIslands(page);
    expect(await page.locator('html').getAttribute('class')).toBe('app-signup-page');

    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('E-mail address').blur();
    // docs/product.md §5: the empty name is prefilled from the part before the @.
    await expect
      .poll(() => page.getByLabel('Your first name').inputValue())
      .toBe(email.split('@')[0]!.replace(/-/g, ' '));
    await page.getByLabel('Your first name').fill('Journey');
    await page.getByLabel('Choose a password').fill('journey-pass');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The account exists: the wizard goes on, and the new member can browse right away.
    await page.waitForSelector('.wizard-card [data-testid^="step-"]');
    await page.getByRole('link', { name: 'Search' }).first().click();
    await page.waitForURL('**/members');
    await expect.poll(() => page.getByTestId('nav-user').textContent()).toContain('Journey');
    const cards = page.getByTestId('member-card');
    await expect.poll(() => cards.count()).toBe(12);
    expect(await page.locator('html').getAttribute('class')).toBe('app-members-page');
    const firstPageNames = await cards.allTextContents();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/members?page=2');
    await expect.poll(async () => (await cards.allTextContents()).join('|')).not.toBe(firstPageNames.join('|'));
    await expect.poll(() => cards.count()).toBe(12);
    await expect.poll(() => page.getByText('Page 2 of').isVisible()).toBe(true);

    const name = (await cards.first().locator('.member-card-name').textContent())!.split(',')[0]!.trim();
    await cards.first().locator('.member-card-link').click();
    await page.waitForURL(/\/members\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(name);
    expect(await page.locator('html').getAttribute('class')).toBe('app-members-memberId-page');

    await page.goBack();
    await page.waitForURL('**/members?page=2');
    await expect.poll(() => page.getByText('Page 2 of').isVisible()).toBe(true);

    // "Log out" lives at the end of /profile, reached from the avatar in the header (docs/product.md §10).
    await page.getByTestId('nav-user').click();
    await page.waitForURL('**/profile');
    // The lower sections of /profile hydrate when they scroll into view.
    await page.getByTestId('logout-section').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="logout-section"]')?.closest('astro-island')?.hasAttribute('ssr'),
    );
    // The sections scrolled past load their data first; a background call crossing the log-out
    // (the likes and chats poll, 1 s after the page loaded) is refused with 403, as it should be.
    await page.waitForLoadState('networkidle');
    browser.allowConsoleError(/status of 403/, page);
    await page.getByTestId('logout-section').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await browser.waitForIslands(page);
    const me = await page.request.get(`${browser.baseURL}/api/user.php`, { headers: { 'package-name': 'amora' } });
    expect(me.status()).toBe(403);

    await page.getByLabel('E-mail address').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('journey-pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signup is not finished: login resumes the wizard where the member left it (docs/product.md §2).
    await page.waitForURL('**/signup');
    await page.waitForSelector('.wizard-card [data-testid^="step-"]');
    await expect.poll(() => page.getByTestId('nav-user').textContent()).toContain('Journey');
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'amora_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });
});
