import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { layoutViolations } from './layout-checks';
import { freePort, serveBuild } from './server';

/**
 * docs/product.md §10 /profile and Photos: a new member adds, orders, picks and deletes
 * photos, edits the profile, and another member sees the result; the deleted photo's files
 * leave the storage folder. Own server with its own data folder, to look into the storage.
 */
const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-account-profile-'));
const dataDir = path.join(work, 'data');
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  server = await serveBuild(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), await freePort(), dataDir);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => browser.screenshot(page, `account-profile-${name}`);
const photoFile = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 600, height: 750, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** Registers a member through the signup API on `site` (the page's cookies now carry the session). */
async function register(page: Page, site: string, name: string): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto(`${server.url}/login`);
  const created = await page.request.post(`${server.url}/api/user.php?new=1`, {
    headers: { 'package-name': site },
    data: { email, name, password: 'profile-pass', language: 'en', trafficsource: 'e2e' },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { id: (await created.json()).user.profile.id, email };
}

/** The member's photos as the API lists them. */
async function listPhotos(page: Page, site = 'amora') {
  const answer = await page.request.get(`${server.url}/api/profileimage.php`, { headers: { 'package-name': site } });
  return (await answer.json()) as {
    photos: { id: number; filename: string; thumb_filename: string }[];
    main_image_id: number;
  };
}
/** Layout and axe findings on this slice's parts of /profile (other sections are audited by their own tests). */
async function ownLayoutViolations(page: Page, site: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const lines = await layoutViolations(page, { route: '/profile', site, width, locale: 'en' });
  return lines.filter((line) => /photo|profile-|nav-user|logout|bottom-nav|top-nav|account-profile/.test(line));
}

const tileIds = (page: Page) =>
  page
    .getByTestId('photo-tile')
    .evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-photo-id'))));
const tile = (page: Page, id: number) => page.locator(`[data-testid="photo-tile"][data-photo-id="${id}"]`);

/** Opens /profile with every island hydrated (the lower sections hydrate when scrolled into view). */
async function openProfile(page: Page) {
  await page.goto(`${server.url}/profile`);
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await browser.waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('/profile: photos and profile editing', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    it(`manages photos, edits the profile and shows it to others at ${viewport.width}px`, async () => {
      const page = await browser.newPage({ viewport });
      const me = await register(page, 'amora', 'Petra');
      await openProfile(page);

      // The header avatar and (on phones) the Profile tab lead here; "Log out" is not in the navigation.
      expect(await page.getByTestId('nav-user').getAttribute('href')).toBe('/profile');
      if (viewport.width < 900) expect(await page.locator('.bottom-nav a[href="/profile"]').isVisible()).toBe(true);
      expect(await page.locator('.top-nav, .bottom-nav').getByText('Log out').count()).toBe(0);

      await page
        .getByTestId('photos-input')
        .setInputFiles([
          await photoFile('red.jpg', '#d04050'),
          await photoFile('green.jpg', '#40a060'),
          await photoFile('blue.jpg', '#4060d0'),
        ]);
      await expect.poll(() => page.getByTestId('photo-tile').count(), { timeout: 30_000 }).toBe(3);
      const [a, b, c] = (await tileIds(page)) as [number, number, number];
      expect(await page.getByTestId('photo-count').textContent()).toBe('3 of 12 photos');

      // Reorder with the buttons (keyboard), then by dragging.
      await tile(page, a).getByRole('button', { name: 'Move later' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => tileIds(page)).toEqual([b, a, c]);
      // Focus stays on the moved photo's tools, so the keyboard user can go on.
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-testid="photo-tile"]')?.getAttribute('data-photo-id'),
          ),
        )
        .toBe(String(a));
      await expect
        .poll(() => page.getByTestId('photo-announcement').textContent())
        .toBe('Photo moved to place 2 of 3.');
      await tile(page, c).dragTo(tile(page, b));
      await expect.poll(() => tileIds(page)).toEqual([c, b, a]);

      // Main photo.
      await tile(page, b).getByRole('button', { name: 'Make main photo' }).click();
      await expect.poll(async () => (await listPhotos(page)).main_image_id).toBe(b);
      // The server answers before the grid re-renders: wait on the badge, not on the clock.
      await expect.poll(() => tile(page, b).getByText('Main photo').isVisible()).toBe(true);

      // Delete with undo: undone once, then really deleted after the undo window.
      await tile(page, a).getByRole('button', { name: 'Delete photo' }).click();
      await expect.poll(() => tileIds(page)).toEqual([c, b]);
      await page.getByTestId('photo-undo').getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => tileIds(page)).toEqual([c, b, a]);
      const deleted = (await listPhotos(page)).photos.find((photo) => photo.id === a)!;
      const stored = (key: string) => fs.existsSync(path.join(dataDir, 'uploads', key));
      expect(stored(deleted.filename) && stored(deleted.thumb_filename)).toBe(true);
      await tile(page, a).getByRole('button', { name: 'Delete photo' }).click();
      await expect.poll(() => tileIds(page)).toEqual([c, b]);
      await expect.poll(async () => (await listPhotos(page)).photos.length, { timeout: 10_000 }).toBe(2);
      // The row goes first, the files right after.
      await expect.poll(() => stored(deleted.filename) || stored(deleted.thumb_filename)).toBe(false);

      // Bad input shows the signup message and saves nothing.
      const basics = page.getByTestId('profile-basics');
      await basics.getByLabel('Your first name').fill('@petra');
      await basics.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => basics.getByText('Your name cannot start with @.').isVisible()).toBe(true);

      // About-me and location.
      const about = page.getByTestId('profile-about');
      await about.getByLabel('About me (optional)').fill('I collect old maps and cook for friends.');
      await about.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Your profile is saved.');
      const location = page.getByTestId('profile-location');
      await location.getByLabel('Country').selectOption('DE');
      await expect.poll(() => location.locator('option[value="BY"]').count()).toBe(1);
      await location.getByLabel('Region (optional)').selectOption('BY');
      await location.getByLabel('City (optional)').fill('München');
      await location.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(
          async () =>
            (
              await (
                await page.request.get(`${server.url}/api/user.php`, { headers: { 'package-name': 'amora' } })
              ).json()
            ).profile.city,
        )
        .toBe('München');

      await openProfile(page);
      expect(await page.getByTestId('profile-about').getByLabel('About me (optional)').inputValue()).toBe(
        'I collect old maps and cook for friends.',
      );
      expect(await page.getByTestId('profile-location').getByLabel('Country').inputValue()).toBe('DE');
      expect(await page.getByTestId('profile-basics').getByLabel('Your first name').inputValue()).toBe('Petra');
      await expect.poll(() => tileIds(page)).toEqual([c, b]);
      expect(await ownLayoutViolations(page, 'amora')).toEqual([]);
      await shot(page, 'amora');
      await page.screenshot({ path: `screenshots/account-profile-amora-full-${viewport.width}.png`, fullPage: true });
      await page.getByTestId('logout-section').scrollIntoViewIfNeeded();
      await shot(page, 'amora-end');

      // Another member sees about-me, location and the photos: the main photo first, then the order.
      const viewer = await browser.newPage({ viewport });
      await register(viewer, 'amora', 'Viktor');
      await viewer.goto(`${server.url}/members/${me.id}`);
      await browser.waitForIslands(viewer);
      const profile = viewer.getByTestId('profile');
      expect(await profile.textContent()).toContain('I collect old maps and cook for friends.');
      expect(await profile.textContent()).toContain('München');
      const photos = (await listPhotos(page)).photos;
      const gallerySrcs: string[] = [];
      for (let i = 0; i < photos.length; i++) {
        gallerySrcs.push((await viewer.locator('.gallery img').getAttribute('src'))!);
        await viewer.getByRole('button', { name: 'Next photo' }).click();
      }
      const byId = new Map(photos.map((photo) => [photo.id, photo.filename]));
      expect(gallerySrcs.map((src) => src.split('/').slice(-3).join('/'))).toEqual([byId.get(b), byId.get(c)]);
      await shot(viewer, 'public-profile');

      // Log out from the end of /profile; a background call crossing it is refused with 403.
      browser.allowConsoleError(/status of 403/, page);
      await page.getByTestId('logout-section').getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
      expect(
        (await page.request.get(`${server.url}/api/user.php`, { headers: { 'package-name': 'amora' } })).status(),
      ).toBe(403);
    });
  }

  for (const site of ['lovelane', 'flirtbox']) {
    it(`looks right on ${site}`, async () => {
      const page = await browser.newSitePage(`${site}.test`, { viewport: { width: 390, height: 844 } });
      await register(page, site, 'Sofia');
      await openProfile(page);
      await page
        .getByTestId('photos-input')
        .setInputFiles([await photoFile('one.jpg', '#c08040'), await photoFile('two.jpg', '#8040c0')]);
      await expect.poll(() => page.getByTestId('photo-tile').count(), { timeout: 30_000 }).toBe(2);
      // A drop takes JPG/PNG files and says why it leaves another file out.
      const png = (
        await sharp({ create: { width: 500, height: 600, channels: 3, background: '#30a0a0' } })
          .png()
          .toBuffer()
      ).toString('base64');
      await page
        .getByTestId('photo-manager')
        .locator('.drop-zone')
        .evaluate((zone, base64) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
          data.items.add(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
          zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        }, png);
      await expect.poll(() => page.getByTestId('photo-tile').count(), { timeout: 30_000 }).toBe(3);
      expect(await page.getByText('Only JPG and PNG photos can be dropped here.', { exact: false }).isVisible()).toBe(
        true,
      );
      expect(await ownLayoutViolations(page, site)).toEqual([]);
      await shot(page, site);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await ownLayoutViolations(page, site)).toEqual([]);
      await shot(page, site);
    });
  }
});
