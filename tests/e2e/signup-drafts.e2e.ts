import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { fillSignupStep0 } from './journeys';

// The push offers need notification permission "default", which only the full browser gives.
const browser = useBrowser({ browser: 'full' });

const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };

/** Every key and value of the page's localStorage and sessionStorage, and its cookies, as one text. */
async function browserStorageText(page: Page): Promise<string> {
  const storages = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i)!;
        return `${key}=${storage.getItem(key)}`;
      }),
    ),
  );
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
  return [...storages, ...cookies].join('\n');
}

/** This site's stored signup draft (docs/product.md §3), parsed; null when there is none. */
async function storedDraft(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('amora_signup_draft:amora') ?? 'null'));
}

/**
 * A page of a visitor who accepted cookies: drafts kept across visits need consent on the demo
 * sites (docs/product.md §3 Consent; without it they last for the tab, see consent.e2e.ts).
 */
async function consentedPage(options: Parameters<typeof browser.newPage>[0] = {}): Promise<Page> {
  const page = await browser.newPage(options);
  await page.context().addCookies([{ name: 'amora_consent', value: 'granted', url: browser.baseURL }]);
  return page;
}

describe('signup form drafts (docs/product.md §3)', () => {
  it('bring back the e-mail and name after a reload and a later visit, never the password', async () => {
    const page = await consentedPage({ viewport: { width: 390, height: 844 } });
    const member = { email: `draft-${Date.now()}@example.com`, name: 'Dora', password: 'draft-secret-77' };
    await fillSignupStep0(browser, page, member);
    await expect.poll(() => storedDraft(page)).toMatchObject({ email: member.email, name: member.name });

    await page.reload();
    await browser.waitForIslands(page);
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(member.email);
    expect(await page.getByLabel('Your first name').inputValue()).toBe(member.name);
    expect(await page.getByLabel('Choose a password').inputValue()).toBe('');
    await browser.screenshot(page, 'signup-draft-restored');

    // A new visit (no form state of the browser's own history) gets them too.
    await page.goto('about:blank');
    await page.goto(`${browser.baseURL}/signup`);
    await browser.waitForIslands(page);
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(member.email);
    expect(await page.getByLabel('Choose a password').inputValue()).toBe('');

    const stored = await browserStorageText(page);
    expect(stored).toContain(member.email);
    expect(stored).not.toContain(member.password);
    expect(Object.keys((await storedDraft(page))!).sort()).toEqual(['email', 'name', 'savedAt']);

    // Another site on the same origin has its own (empty) draft.
    await page.context().setExtraHTTPHeaders({ 'original-host': 'flirtbox.test' });
    await page.goto(`${browser.baseURL}/signup`);
    await browser.waitForIslands(page);
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('');
    expect(await page.getByLabel('Your first name').inputValue()).toBe('');
  });

  it('bring back the date of birth and the notes until their step is saved, and end with the signup', async () => {
    const page = await consentedPage({ geolocation: AMSTERDAM, permissions: ['geolocation', 'notifications'] });
    const member = { email: `draft-dob-${Date.now()}@example.com`, name: 'Dina', password: 'draft-secret-78' };
    await fillSignupStep0(browser, page, member);
    await expect.poll(() => storedDraft(page)).not.toBeNull();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('step-1').getByRole('button', { name: 'Skip for now' }).click();
    // The account exists: its e-mail and name left the draft.
    expect(await storedDraft(page)).toBeNull();
    await page.getByTestId('step-2').getByRole('button', { name: 'Continue without a photo' }).click();
    const step3 = page.getByTestId('step-3');
    await expect.poll(() => step3.getByLabel('Country').inputValue(), { timeout: 10_000 }).toBe('NL');
    await step3.getByRole('button', { name: 'Save location' }).click();

    const step4 = page.getByTestId('step-4');
    await expect.poll(() => step4.isVisible()).toBe(true);
    await step4.getByLabel('Day').selectOption('12');
    await step4.getByLabel('Month').selectOption('04');
    await step4.getByLabel('Year').selectOption('1990');
    await page.reload();
    await browser.waitForIslands(page);
    await expect.poll(() => step4.isVisible()).toBe(true);
    await expect.poll(() => step4.getByLabel('Day').inputValue()).toBe('12');
    await expect.poll(() => step4.getByLabel('Month').inputValue()).toBe('04');
    await expect.poll(() => step4.getByLabel('Year').inputValue()).toBe('1990');
    await step4.getByRole('button', { name: 'Continue' }).click();

    const step5 = page.getByTestId('step-5');
    await expect.poll(() => step5.isVisible()).toBe(true);
    await expect.poll(() => storedDraft(page)).toBeNull();
    await step5.getByLabel('About me (optional)').fill('Sailing, books and long dinners.');
    await page.reload();
    await browser.waitForIslands(page);
    await expect.poll(() => step5.isVisible()).toBe(true);
    await expect
      .poll(() => step5.getByLabel('About me (optional)').inputValue())
      .toBe('Sailing, books and long dinners.');
    await browser.screenshot(page, 'signup-draft-notes');
    expect(await browserStorageText(page)).not.toContain(member.password);
    await step5.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByTestId('step-6').isVisible()).toBe(true);
    expect(await storedDraft(page)).toBeNull();
    const me = await page.request.get(`${browser.baseURL}/api/user.php`, { headers: { 'package-name': 'amora' } });
    expect((await me.json()).profile).toMatchObject({
      date_of_birth: '1990-04-12',
      personal: 'Sailing, books and long dinners.',
    });
  });
});
