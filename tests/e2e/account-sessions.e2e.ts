import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

/**
 * docs/product.md §10 Sessions: the same member on two devices sees both in "Where you're logged
 * in", this device marked; "Log out there" ends the other one. Demo member 250 is used by no
 * other journey.
 */
const browser = useBrowser();
const MEMBER = 'demo250@amora.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Opens /profile and scrolls to the sessions section (it hydrates when it comes into view) until it lists sessions. */
async function openSessions(page: Page) {
  await page.goto(`${browser.baseURL}/profile`);
  const section = page.getByTestId('sessions-section');
  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => section.locator('.sessions-item').count()).toBeGreaterThan(0);
  return section;
}

describe('sessions on /profile (journey)', () => {
  it('lists both devices, marks this one, and logs the other one out', async () => {
    const desktop = await browser.newPage({ viewport: DESKTOP });
    await browser.logIn(desktop, MEMBER);
    const phone = await browser.newPage({ viewport: PHONE });
    await browser.logIn(phone, MEMBER);

    const section = await openSessions(desktop);
    const items = section.locator('.sessions-item');
    await expect.poll(() => items.count()).toBe(2);
    const current = items.filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    expect(await current.getByRole('button').count()).toBe(0);
    // Both browsers are headless Chromium on Linux; their country is unknown (127.0.0.1).
    expect(await items.first().textContent()).toContain('Chrome on Linux');
    expect(await items.first().textContent()).toContain('Unknown place');
    expect(await section.getByRole('button', { name: 'Log out everywhere else' }).isVisible()).toBe(true);
    await browser.screenshot(desktop, 'account-sessions');

    const phoneSection = await openSessions(phone);
    await expect.poll(() => phoneSection.locator('.sessions-item').count()).toBe(2);
    await phoneSection.scrollIntoViewIfNeeded();
    await browser.screenshot(phone, 'account-sessions');

    // The phone's own calls after its session ended (the page's first poll, 1 s after it loaded,
    // may come after the click) are refused with 403: expected there, never on the desktop.
    browser.allowConsoleError(/status of 403/, phone);
    const other = items.filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: 'Log out there' }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await section.getByText('That device has been logged out.').isVisible()).toBe(true);
    expect(await section.getByText("You're not logged in anywhere else.").isVisible()).toBe(true);

    await phone.goto(`${browser.baseURL}/profile`);
    await phone.waitForURL('**/login?next=%2Fprofile');
    // The desktop is still logged in.
    await desktop.reload();
    await desktop.waitForURL('**/profile');
    await openSessions(desktop);
  });
});
