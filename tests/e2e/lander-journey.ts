import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** Browser context options of the German visitor `signUpFromGermanLander` expects. */
export const GERMAN_VISITOR = { locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } };

/** The tracking record in a Cookie header, or null. */
export function trackingOf(cookieHeader: string | undefined): Record<string, string> | null {
  const match = /(?:^|;\s*)amora_tracking=([^;]+)/.exec(cookieHeader ?? '');
  return match ? (JSON.parse(decodeURIComponent(match[1]!)) as Record<string, string>) : null;
}

/**
 * Makes a choice in the open consent choice of a lander or app page (docs/product.md §3 Consent:
 * a form that stores it and comes back to the page) and waits until the page is back, the choice
 * closed and stored.
 */
export async function chooseCookies(page: Page, choice: 'granted' | 'denied' = 'granted'): Promise<void> {
  const back = page.waitForResponse((response) => response.url().endsWith('/consent'));
  await page.locator(`[data-consent-panel] button[value="${choice}"]`).click();
  expect((await back).status()).toBe(303);
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('[data-consent-panel]').getAttribute('open')).toBeNull();
  expect(await page.evaluate(() => document.cookie)).toContain(`amora_consent=${choice}`);
}

/**
 * The lander journey of a German visitor: `/landers/video/?network=abc&sub1=x&sub2=y`
 * with Accept-Language de-DE lands on the German slug, accepts cookies in the lander's footer
 * (docs/product.md §3 Consent: the demo sites ask), the CTA carries the
 * record into /signup and step 0 creates the account `email`. Returns the
 * signup request (its Cookie header carries the record to the server).
 * `page` must come from a context with locale de-DE and that Accept-Language (`GERMAN_VISITOR`).
 */
export async function signUpFromGermanLander(
  page: Page,
  baseURL: string,
  email: string,
  waitForIslands: (page: Page) => Promise<void>,
): Promise<Request> {
  await page.goto(`${baseURL}/landers/video/?network=abc&sub1=x&sub2=y`);
  expect(new URL(page.url()).pathname).toBe('/landers/video/de');
  // The entry link names the lander in the URL, so the tracking record carries it (docs/product.md §12).
  expect(new URL(page.url()).searchParams.get('lander')).toBe('video');
  expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
  expect(await page.textContent('h1')).toContain('Jemand in deiner Nähe');
  await chooseCookies(page);
  const cta = page.locator('a[data-cta]').first();
  const href = new URL((await cta.getAttribute('href'))!, baseURL);
  expect(href.pathname).toBe('/signup');
  expect(Object.fromEntries(href.searchParams)).toMatchObject({
    network: 'abc',
    sub1: 'x',
    sub2: 'y',
    lander: 'video',
  });
  // Kept in the cookie once accepted (no local-storage copy).
  expect(trackingOf(await page.evaluate(() => document.cookie))).toEqual({
    network: 'abc',
    sub1: 'x',
    sub2: 'y',
    lander: 'video',
  });
  await cta.click();
  await page.waitForURL('**/signup?**');
  await waitForIslands(page);
  const signupRequest = page.waitForRequest(
    (request) => request.url().includes('/api/user.php?new=1') && request.method() === 'POST',
  );
  const signupResponse = page.waitForResponse((response) => response.url().includes('/api/user.php?new=1'));
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="name"]', 'Lena');
  await page.fill('input[name="password"]', 'lander-pass');
  await page.click('form button[type="submit"]');
  const request = await signupRequest;
  expect((await signupResponse).status()).toBe(200);
  await page.waitForSelector('.wizard-card [data-testid^="step-"]');
  return request;
}
