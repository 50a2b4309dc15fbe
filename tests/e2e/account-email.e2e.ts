import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { useOwnServer } from './server';

/**
 * docs/product.md §10 E-mail change, in the browser: a member signs up, changes the address on
 * /profile, confirms it from the mail to the new address, then undoes it from the notice mailed
 * to the old address in a logged-out browser. Own server with an SMTP receiver.
 */
const browser = useBrowser();
const own = useOwnServer('email-change');

const PASSWORD = 'mail-change-pass';

/**
 * `screenshots/email-change-{name}-{390,1280}.png`: the page laid out at both widths, scrolled so
 * that `section` (when given) starts just below the top bar.
 */
async function shots(page: Page, name: string, section?: Locator): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await section?.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await browser.settled(page);
    await browser.screenshot(page, `email-change-${name}`);
  }
  await page.setViewportSize(original);
}

/** The first link in the mail to `address` whose text matches `pattern`. */
async function linkInMailTo(address: string, pattern: RegExp): Promise<string> {
  await expect
    .poll(() => own.smtp.received.some((mail) => mail.to?.[0]?.address === address), { timeout: 15_000 })
    .toBe(true);
  const mail = own.smtp.received.find((m) => m.to?.[0]?.address === address && pattern.test(m.text ?? ''))!;
  return pattern.exec(mail.text ?? '')![0];
}

/** Waits until the island holding `[data-testid=testId]` has hydrated (the other /profile sections hydrate only when visible). */
async function waitForIsland(page: Page, testId: string): Promise<void> {
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.closest('astro-island')?.hasAttribute('ssr') === false,
    testId,
  );
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`${own.server.url}/login`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

describe('changing the e-mail address (docs/product.md §10 E-mail change)', () => {
  it('confirms the new address from its mail, then undoes it from the old address', async () => {
    // Expected refusals the browser logs: the wrong password (422), the used undo link (410), and
    // the polling of pages still open after the undo ended their session (403).
    browser.allowConsoleError(/status of (403|410|422)/);
    const stamp = Date.now();
    const oldEmail = `mover-${stamp}@example.com`;
    const newEmail = `moved-${stamp}@example.org`;

    const member = await browser.newPage();
    await member.goto(`${own.server.url}/signup`);
    await browser.waitForIslands(member);
    await member.getByLabel('E-mail address').fill(oldEmail);
    await member.getByLabel('Your first name').fill('Mona');
    await member.getByLabel('Choose a password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Continue' }).click();
    await member.waitForSelector('[data-testid="step-1"], [data-testid="step-3"]', { timeout: 15_000 });

    await member.goto(`${own.server.url}/profile#email`);
    await waitForIsland(member, 'email-section');
    const section = member.getByTestId('email-section');
    await expect.poll(() => section.getByTestId('current-email').textContent()).toBe(oldEmail);
    await section.getByLabel('New e-mail address').fill('mona@gmial.com');
    await section.getByLabel('New e-mail address').blur();
    await expect.poll(() => section.getByRole('button', { name: 'mona@gmail.com' }).isVisible()).toBe(true);
    await shots(member, 'section-suggestion', section);
    await section.getByLabel('New e-mail address').fill(newEmail);
    await section.getByLabel('New e-mail address').blur();
    await section.getByLabel('Your current password').fill('not-my-password');
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect.poll(() => section.getByText('That password is not right.').isVisible()).toBe(true);
    await shots(member, 'section-error', section);
    await section.getByLabel('Your current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    const pending = section.getByTestId('email-pending');
    await expect.poll(() => pending.isVisible()).toBe(true);
    expect(await pending.textContent()).toContain(newEmail);
    expect(await pending.textContent()).toContain(oldEmail);
    await shots(member, 'section-pending', section);

    const confirmLink = await linkInMailTo(newEmail, /https?:\/\/\S+\/mail-change\/do\?token=[\w-]+/);
    await member.goto(confirmLink);
    await member.waitForURL('**/mail-change/do?confirmed=1');
    await expect.poll(() => member.getByTestId('mail-change-confirmed').isVisible()).toBe(true);
    await shots(member, 'confirmed');

    const other = await browser.newPage();
    await logIn(other, newEmail);
    await other.goto(`${own.server.url}/profile#email`);
    await waitForIsland(other, 'email-section');
    await expect.poll(() => other.getByTestId('current-email').textContent()).toBe(newEmail);

    // The link works once: opened again it explains and points back to the profile.
    await other.goto(confirmLink);
    await expect.poll(() => other.getByTestId('mail-change-failed').isVisible()).toBe(true);
    expect(await other.getByRole('link', { name: 'Change my e-mail address again' }).getAttribute('href')).toBe(
      '/profile#email',
    );
    await shots(other, 'link-used');

    const undoLink = await linkInMailTo(oldEmail, /https?:\/\/\S+\/notifications\?undo=[\w-]+#email-change-incorrect/);
    const visitor = await browser.newPage();
    await visitor.goto(undoLink);
    await waitForIsland(visitor, 'email-change-incorrect');
    const undo = visitor.getByTestId('email-change-incorrect');
    await expect.poll(() => undo.getByTestId('undo-email').textContent()).toBe(oldEmail);
    await shots(visitor, 'undo-ready', undo);
    await undo.getByRole('button', { name: 'Put my old address back' }).click();
    await expect.poll(() => undo.getByTestId('undo-done').isVisible()).toBe(true);
    expect(await undo.getByRole('link', { name: 'Choose a new password' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(visitor.url()).not.toContain('undo=');
    await shots(visitor, 'undo-done');

    // The first browser's session has ended; the old address logs in again.
    await member.goto(`${own.server.url}/profile`);
    await member.waitForURL('**/login?next=*');
    const again = await browser.newPage();
    await logIn(again, oldEmail);
    await again.goto(`${own.server.url}/profile#email`);
    await waitForIsland(again, 'email-section');
    await expect.poll(() => again.getByTestId('current-email').textContent()).toBe(oldEmail);

    // The undo link is used up; a member without a link is told what to do.
    await again.goto(undoLink);
    await waitForIsland(again, 'email-change-incorrect');
    await expect.poll(() => again.getByTestId('undo-link-failed').isVisible()).toBe(true);
    await shots(again, 'undo-used', again.getByTestId('email-change-incorrect'));
    await again.goto(`${own.server.url}/notifications#email-change-incorrect`);
    await waitForIsland(again, 'email-change-incorrect');
    await expect
      .poll(() =>
        again.getByTestId('email-change-incorrect').getByRole('link', { name: 'Contact customer support' }).isVisible(),
      )
      .toBe(true);
    await shots(again, 'undo-no-link', again.getByTestId('email-change-incorrect'));
  });
});
