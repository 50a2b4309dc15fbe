import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2eBrowser } from './browser';

/**
 * Steps several journeys share. Demo member N logs in as `demo{N}@amora.test` and has
 * id N in the seeded database (src/server/db/seed).
 */

/** The number on the nav badge of the link to `href` (`/chats`, `/likes`); 0 while the badge is hidden. */
export async function navBadge(page: Page, href: string): Promise<number> {
  const badge = page.locator(`.nav-links a[href="${href}"] [data-testid="nav-badge"]`);
  return (await badge.count()) === 0 ? 0 : Number(await badge.first().textContent());
}

/** Opens /signup and fills step 0 (e-mail, first name, password) without sending it. */
export async function fillSignupStep0(
  browser: E2eBrowser,
  page: Page,
  member: { email: string; name: string; password: string },
): Promise<void> {
  await page.goto(`${browser.baseURL}/signup`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(member.email);
  // docs/product.md §5: leaving the address prefills the empty name; typing the name before that
  // lands would add it to the prefilled one.
  await page.getByLabel('E-mail address').blur();
  await expect.poll(() => page.getByLabel('Your first name').inputValue()).not.toBe('');
  await page.getByLabel('Your first name').fill(member.name);
  await page.getByLabel('Choose a password').fill(member.password);
}

/** Demo member `from` logs in and opens the profile of member `to`, hydrated. */
export async function openProfileAs(browser: E2eBrowser, page: Page, from: number, to: number): Promise<void> {
  await browser.logIn(page, `demo${from}@amora.test`);
  await page.goto(`${browser.baseURL}/members/${to}`);
  await browser.waitForIslands(page);
}

/** The chat screen's address: /chats/{id}, or /members/{id}/chat before the pair's first message (docs/product.md §2). */
export const CHAT_URL = /\/(chats\/\d+|members\/\d+\/chat)$/;

/**
 * Demo member `from` opens the chat with member `to` from `to`'s profile; ends on /chats/{id}, or on
 * /members/{to}/chat when the pair has no conversation yet (the first message creates it), hydrated.
 */
export async function openChatFromProfile(browser: E2eBrowser, page: Page, from: number, to: number): Promise<void> {
  await openProfileAs(browser, page, from, to);
  await page.getByTestId('message-button').first().click();
  await page.waitForURL(CHAT_URL);
  await browser.waitForIslands(page);
}

/** Clicks `like` so that this click likes the member (unliking first when the demo data or an earlier run already liked them). */
export async function likeAfresh(like: Locator): Promise<void> {
  if ((await like.getAttribute('aria-pressed')) === 'true') {
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
  }
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
}
