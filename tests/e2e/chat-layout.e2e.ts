import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { openChatFromProfile } from './journeys';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TEMPLATES = ['classic', 'lavish', 'boxy'] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Sends a text message and waits until it is delivered. */
async function sendText(page: Page, text: string): Promise<void> {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => page.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
}

/** Hides the push offer when it shows, so screenshots show the conversation. */
async function dismissPushOffer(page: Page): Promise<void> {
  const notNow = page.getByRole('button', { name: 'Not now' });
  if (await notNow.count()) await notNow.first().click();
}

/** Switches the page to another template (all templates' styles ship with every page). */
async function useTemplate(page: Page, template: string): Promise<void> {
  await page.evaluate((name) => {
    document.documentElement.dataset.template = name;
  }, template);
}

function intersects(a: Box, b: Box): boolean {
  const overlap = (lo1: number, hi1: number, lo2: number, hi2: number) => Math.min(hi1, hi2) - Math.max(lo1, lo2) > 0.5;
  return overlap(a.left, a.right, b.left, b.right) && overlap(a.top, a.bottom, b.top, b.bottom);
}

describe('chat layout', () => {
  it('GIF picker: tiles form a grid without overlaps, and the GIF clicked (by position) is the GIF sent, on phones and desktops', async () => {
    for (const [viewport, from, to] of [
      [PHONE, 31, 32],
      [DESKTOP, 33, 34],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await openChatFromProfile(browser, page, from, to);
      await dismissPushOffer(page);
      await page.getByRole('button', { name: /GIF/ }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a GIF' });
      const tiles = picker.locator('[data-testid="gif-grid"] [data-gif-id]');
      await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(6);
      await expect
        .poll(() =>
          picker
            .locator('img')
            .evaluateAll((imgs: HTMLImageElement[]) => imgs.slice(0, 6).every((img) => img.complete)),
        )
        .toBe(true);
      await browser.screenshot(page, 'chat-gif-grid');

      // Every tile the grid can scroll to keeps the GIFs' 4:3 shape and no two tiles share a pixel.
      const boxes = await tiles.evaluateAll((cells) =>
        cells.map((cell) => cell.getBoundingClientRect().toJSON() as Box & { width: number; height: number }),
      );
      for (const box of boxes) {
        expect(box.width).toBeGreaterThan(60);
        expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          expect(intersects(boxes[i]!, boxes[j]!), `tiles ${i + 1} and ${j + 1} overlap at ${viewport.width} px`).toBe(
            false,
          );
        }
      }

      // The middle of every tile in view belongs to that tile (nothing lies on top of it).
      const hits = await tiles.evaluateAll((cells) => {
        const grid = cells[0]!.parentElement!.getBoundingClientRect();
        return cells
          .map((cell) => ({ cell, box: cell.getBoundingClientRect() }))
          .filter(({ box }) => box.top >= grid.top && box.bottom <= grid.bottom)
          .map(({ cell, box }) => {
            const hit = document
              .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
              ?.closest('[data-gif-id]');
            return `${cell.getAttribute('data-gif-id')} → ${hit?.getAttribute('data-gif-id')}`;
          });
      });
      expect(hits.length).toBeGreaterThanOrEqual(3);
      for (const hit of hits) expect(hit.split(' → ')[1], hit).toBe(hit.split(' → ')[0]);

      // A click in the middle of the third tile sends the third GIF.
      const third = tiles.nth(2);
      const wanted = await third.getAttribute('data-gif-id');
      const box = await third.boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await expect.poll(() => picker.count()).toBe(0);
      const sent = page.locator('[data-testid="message"] .bubble-gif');
      await expect.poll(() => sent.count()).toBe(1);
      expect(await sent.getAttribute('data-gif-id')).toBe(wanted);
    }
  });

  it('own messages sit on the right in the primary colour, the other member’s on the left in a neutral bubble, with no sideways scroll, in every template', async () => {
    const pageB = await browser.newPage({ viewport: DESKTOP });
    await openChatFromProfile(browser, pageB, 36, 35);
    const pageA = await browser.newPage({ viewport: DESKTOP });
    await openChatFromProfile(browser, pageA, 35, 36);
    await sendText(pageA, 'Hi B, how is your week going?');
    await pageB.reload();
    await browser.waitForIslands(pageB);
    await sendText(pageB, 'Hello A! Great, thanks.');
    await expect.poll(() => pageA.getByTestId('message').filter({ hasText: 'Hello A!' }).count()).toBe(1);
    await dismissPushOffer(pageA);

    for (const viewport of [PHONE, DESKTOP]) {
      await pageA.setViewportSize(viewport);
      const mineText = `Mine at ${viewport.width}`;
      await sendText(pageA, mineText);
      for (const template of TEMPLATES) {
        await useTemplate(pageA, template);
        const layout = await pageA.evaluate((text) => {
          const scroller = document.querySelector<HTMLElement>('[data-testid="messages"]')!;
          const style = getComputedStyle(scroller);
          const outer = scroller.getBoundingClientRect();
          const contentLeft = outer.left + scroller.clientLeft + parseFloat(style.paddingLeft);
          const contentRight = outer.left + scroller.clientLeft + scroller.clientWidth - parseFloat(style.paddingRight);
          const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')];
          const mine = rows.find((row) => row.textContent?.includes(text))!.querySelector<HTMLElement>('.bubble')!;
          const theirs = rows
            .find((row) => row.textContent?.includes('Hello A!'))!
            .querySelector<HTMLElement>('.bubble')!;
          // The tokens resolved the way the browser paints them.
          const probe = document.createElement('div');
          scroller.append(probe);
          probe.style.background = 'var(--color-primary)';
          const primary = getComputedStyle(probe).backgroundColor;
          probe.style.background = 'var(--color-surface)';
          const surface = getComputedStyle(probe).backgroundColor;
          probe.remove();
          const send = document.querySelector('.composer button[type="submit"]')!.getBoundingClientRect();
          return {
            contentLeft,
            contentRight,
            mine: mine.getBoundingClientRect().toJSON() as Box,
            theirs: theirs.getBoundingClientRect().toJSON() as Box,
            mineBackground: getComputedStyle(mine).backgroundColor,
            theirsBackground: getComputedStyle(theirs).backgroundColor,
            primary,
            surface,
            scrollWidth: document.documentElement.scrollWidth,
            send: send.toJSON() as Box,
          };
        }, mineText);
        await browser.screenshot(pageA, `chat-bubbles-${template}`);
        const where = `${template} at ${viewport.width} px`;
        expect(
          Math.abs(layout.mine.right - layout.contentRight),
          `own bubble at the right of the list (${where})`,
        ).toBeLessThan(4);
        expect(layout.theirs.left - layout.contentLeft, `other bubble at the left (${where})`).toBeLessThan(4);
        expect(layout.theirs.left, `other bubble inside the list (${where})`).toBeGreaterThanOrEqual(
          layout.contentLeft - 1,
        );
        expect(layout.mine.left, `own bubble right of the other's (${where})`).toBeGreaterThan(layout.theirs.left + 40);
        expect(layout.mineBackground, `own bubble in the primary colour (${where})`).toBe(layout.primary);
        expect(layout.theirsBackground, `other bubble neutral (${where})`).toBe(layout.surface);
        expect(layout.theirsBackground).not.toBe(layout.primary);
        expect(layout.scrollWidth, `no sideways scroll (${where})`).toBeLessThanOrEqual(viewport.width);
        expect(layout.send.left).toBeGreaterThanOrEqual(0);
        expect(layout.send.top).toBeGreaterThanOrEqual(0);
        expect(layout.send.right, `Send inside the screen (${where})`).toBeLessThanOrEqual(viewport.width);
        expect(layout.send.bottom, `Send inside the screen (${where})`).toBeLessThanOrEqual(viewport.height);
      }
    }
  });
});
