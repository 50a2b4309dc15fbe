import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { CHAT_URL, likeAfresh, openProfileAs } from './journeys';

// The push offers need notification permission "default", which only the full browser gives.
const browser = useBrowser({ browser: 'full' });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** True when the element's centre is really that element (nothing painted over it). */
async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  });
}

async function scrollToEnd(page: Page): Promise<void> {
  // Scrolled again until at the end: the page may still grow (images, late islands).
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      }),
    )
    .toBe(true);
  await browser.settled(page);
}

/** The prompt sits right above the bottom navigation and covers none of `targets`. */
async function expectPromptClearOf(page: Page, targets: Locator[]): Promise<void> {
  const prompt = await box(page.getByTestId('push-prompt'));
  const nav = await box(page.locator('.bottom-nav'));
  expect(prompt.y + prompt.height).toBeLessThanOrEqual(nav.y + 1);
  expect(prompt.y + prompt.height).toBeGreaterThanOrEqual(nav.y - 2);
  expect(prompt.height).toBeLessThan(96);
  for (const target of targets) {
    expect(overlaps(prompt, await box(target)), `${target.toString()} is clear of the push prompt`).toBe(false);
  }
}

describe('push prompt placement and timing (phone)', () => {
  it('never on a first visit; after a message sent it docks above the bottom nav clear of chat, name, Like and Message, and sits inline above the grid; "Not now" ends it for the session', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.context().grantPermissions(['notifications'], { origin: browser.baseURL });
    await browser.logIn(page, 'demo240@amora.test');
    await browser.waitForIslands(page);
    await page.goto(`${browser.baseURL}/members/241`);
    await browser.waitForIslands(page);
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('push-prompt').count(), 'no offer before any sign of interest').toBe(0);

    // A conversation: the first message sent shows interest; header, message box and send button stay clear.
    await page.getByTestId('profile-actions').getByTestId('message-button').click();
    await page.waitForURL(CHAT_URL);
    await browser.waitForIslands(page);
    expect(await page.getByTestId('push-prompt').count()).toBe(0);
    const composer = page.getByLabel('Your message');
    await composer.fill(`Hello ${Date.now()}`);
    await composer.press('Enter');
    await expect.poll(() => page.getByTestId('push-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectPromptClearOf(page, [composer, page.getByRole('button', { name: 'Send', exact: true })]);
    expect(await isOnTop(composer)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await browser.screenshot(page, 'prompt-chat');

    // The chat list: its pane ends above the prompt, so no chat is hidden under it.
    await page.goto(`${browser.baseURL}/chats`);
    await browser.waitForIslands(page);
    await expect.poll(() => page.getByTestId('push-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectPromptClearOf(page, [page.getByTestId('chat-item').first()]);
    const pane = await box(page.locator('.chat-pane-list'));
    expect(pane.y + pane.height).toBeLessThanOrEqual((await box(page.getByTestId('push-prompt'))).y + 1);

    // The profile, same session: name, Like and Message stay clear, also scrolled to the end.
    await page.goto(`${browser.baseURL}/members/241`);
    await browser.waitForIslands(page);
    await expect.poll(() => page.getByTestId('push-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
    const actions = page.getByTestId('profile-actions');
    const like = actions.getByTestId('like-button');
    const message = actions.getByTestId('message-button');
    await expectPromptClearOf(page, [page.getByRole('heading', { level: 1 }), like, message]);
    await browser.screenshot(page, 'prompt-profile');
    await scrollToEnd(page);
    await expectPromptClearOf(page, [like, message]);
    expect(await isOnTop(like)).toBe(true);
    expect(await isOnTop(message)).toBe(true);
    // The action bar sits above the prompt, the prompt above the navigation.
    const likeBox = await box(like);
    expect(likeBox.y + likeBox.height).toBeLessThanOrEqual((await box(page.getByTestId('push-prompt'))).y + 1);
    // The end of the page is not trapped under bar or prompt.
    expect(await isOnTop(page.locator('.site-footer a').last())).toBe(true);
    await browser.screenshot(page, 'prompt-profile-end');

    // The members grid: here the offer is an inline card at the top of the content, in the flow, so it covers no card.
    await page.goto(`${browser.baseURL}/members`);
    await browser.waitForIslands(page);
    const inline = page.getByTestId('push-prompt');
    await expect.poll(() => inline.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await inline.evaluate((element) => !!element.closest('main') && getComputedStyle(element).position === 'static'),
    ).toBe(true);
    expect(await page.locator('.shell-banners > *').count(), 'nothing docked over the grid').toBe(0);
    await expect.poll(() => page.locator('.member-card.has-actions').count()).toBeGreaterThan(3);
    const inlineBox = await box(inline);
    expect(inlineBox.y + inlineBox.height).toBeLessThanOrEqual((await box(page.locator('.bottom-nav'))).y);
    for (const card of (await page.locator('.member-card.has-actions').all()).slice(0, 6)) {
      for (const target of [
        card.locator('.member-card-name'),
        card.getByTestId('like-button'),
        card.getByTestId('message-button'),
      ]) {
        expect(overlaps(inlineBox, await box(target))).toBe(false);
      }
    }
    await browser.screenshot(page, 'prompt-members');

    // "Not now": gone, and not back in this session even after a like.
    await page.getByTestId('push-prompt').getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => page.getByTestId('push-prompt').count()).toBe(0);
    await page.goto(`${browser.baseURL}/members/242`);
    await browser.waitForIslands(page);
    await likeAfresh(page.getByTestId('profile-actions').getByTestId('like-button'));
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('push-prompt').count()).toBe(0);
  });
});

describe('profile actions on phones', () => {
  it('keeps Like and Message in a bar above the bottom nav after scrolling; block and report sit in an accessible ⋯ menu', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openProfileAs(browser, page, 243, 244);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.split(',')[0]!.trim();
    const actions = page.getByTestId('profile-actions');
    const like = actions.getByTestId('like-button');
    const message = actions.getByTestId('message-button');

    // No loud links under the main buttons.
    expect(await page.getByRole('button', { name: `Block ${name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Report ${name}` }).count()).toBe(0);

    await scrollToEnd(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const nav = await box(page.locator('.bottom-nav'));
    for (const button of [like, message]) {
      const b = await box(button);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(nav.y + 1);
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(await isOnTop(button)).toBe(true);
    }
    await browser.screenshot(page, 'profile-actions-bar');

    const more = page.getByRole('button', { name: `More options for ${name}` });
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([`Block ${name}`, `Report ${name}`]);
    // The menu opens upwards, inside the screen and above the navigation.
    const menuBox = await box(menu);
    expect(menuBox.y).toBeGreaterThanOrEqual(0);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(nav.y);
    await browser.screenshot(page, 'profile-actions-menu');
    // Keyboard: focus starts on the first item, arrows move, Escape closes and returns focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Block ${name}`);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Report ${name}`);
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((element) => element === document.activeElement)).toBe(true);

    // The items open the existing dialogs; cancelling gives focus back to the menu button.
    await more.click();
    await page.getByRole('menuitem', { name: `Report ${name}` }).click();
    const report = page.getByRole('dialog', { name: `Report ${name}` });
    await expect.poll(() => report.isVisible()).toBe(true);
    await report.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => report.isVisible()).toBe(false);
    expect(await more.evaluate((element) => element === document.activeElement)).toBe(true);
    await more.click();
    await page.getByRole('menuitem', { name: `Block ${name}` }).click();
    await expect.poll(() => page.getByRole('dialog', { name: `Block ${name}?` }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    // A click outside closes an open menu.
    await more.click();
    await page.getByRole('heading', { level: 1 }).click();
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('keeps the actions inline on wide screens', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openProfileAs(browser, page, 243, 245);
    const actions = page.getByTestId('profile-actions');
    expect(await actions.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    const heading = await box(page.getByRole('heading', { level: 1 }));
    const like = await box(actions.getByTestId('like-button'));
    expect(like.y).toBeGreaterThan(heading.y);
    expect(like.y).toBeLessThan(heading.y + 300);
    await browser.screenshot(page, 'profile-actions-inline');
  });
});
