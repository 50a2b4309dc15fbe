import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostbackReceiver, type PostbackReceiver } from '../helpers/postback-receiver';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { affiliateServerEnv } from './affiliate-journey';
import { useBrowser } from './browser';
import { chooseCookies } from './lander-journey';
import { freePort, freshDataDir, serveBuild } from './server';

// docs/product.md §3 Consent, end to end: the demo sites ask before non-essential cookies and storage.
const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-consent-'));
let receiver: PostbackReceiver;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  receiver = await startPostbackReceiver({ failFirst: 0 });
  smtp = await startSmtpReceiver();
  const env = affiliateServerEnv(receiver, smtp.url);
  const dataDir = path.join(work, 'data');
  // Demo members and the landers' media, as `npm start` would seed them.
  freshDataDir(dataDir);
  const seeded = spawnSync('tsx', ['src/server/db/seed/cli.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, SEED_MEMBERS: '12', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  expect(seeded.status).toBe(0);
  server = await serveBuild(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), await freePort(), dataDir, env);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const VALUES = { network: 'adnet', ref: 'r 1', sub1: 's1&x', sub2: 'ü2', sub3: 's3' };
const entryLink = (clickid: string) =>
  `${server.url}/landers/video/?${new URLSearchParams({ ...VALUES, clickid }).toString()}`;
/**
 * Local-storage entries that need no consent (docs/product.md §3 Consent, essential): cached
 * interface texts, the language chosen, the service worker's "a page was shown before", the
 * visitor's own "no" to the push and install offers, the position asked for (an hour).
 */
const ESSENTIAL_LOCAL = [
  'amora_messages_',
  'amora_language',
  'amora_page_seen',
  'amora_push_prompt_dismissed',
  'amora_install_dismissed',
  'amora_geolocation',
];
const notEssential = (keys: string[]) =>
  keys.filter((key) => !ESSENTIAL_LOCAL.some((prefix) => key.startsWith(prefix)));
/** The names of the browser's cookies and of its local and session storage entries. */
async function kept(page: Page) {
  const cookies = await page.context().cookies();
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
  return { cookies: cookies.map((cookie) => cookie.name).sort(), ...storage, all: cookies };
}
/** Signup step 0 on the page's signup form; resolves once the account exists. */
async function signUp(page: Page, email: string) {
  await browser.waitForIslands(page);
  const created = page.waitForResponse((response) => response.url().includes('/api/user.php?new=1'));
  await page.fill('input[name="email"]', email);
  await page.locator('input[name="email"]').blur();
  await expect.poll(() => page.locator('input[name="name"]').inputValue()).not.toBe('');
  await page.fill('input[name="password"]', 'consent-pass');
  await page.click('form button[type="submit"]');
  expect((await created).status()).toBe(200);
}
/** The signup postback the network accepted for `clickid`. */
async function signupPostback(clickid: string) {
  await expect
    .poll(() => receiver.accepted.some((each) => each.query.cid === clickid && each.query.event === 'signup'), {
      timeout: 30_000,
    })
    .toBe(true);
  return receiver.accepted.find((each) => each.query.cid === clickid && each.query.event === 'signup')!;
}

/** Whether the footer's consent choice is open. */
const isOpen = (page: Page) =>
  page.locator('[data-consent-panel]').evaluate((details: HTMLDetailsElement) => details.open);

describe('consent before non-essential cookies and storage (docs/product.md §3 Consent)', () => {
  it("without a choice nothing outlives the visit, yet the signup from the lander brings the visit's values into the account's postback", async () => {
    const page = await browser.newPage({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE' } });
    await page.goto(entryLink('no-choice-1'));
    const landed = new URL(page.url());
    // The choice is open in the lander's footer; the lander keeps the record nowhere.
    const panel = page.locator('[data-consent-panel]');
    expect(await isOpen(page)).toBe(true);
    expect(await panel.evaluate((element) => element.closest('footer') !== null)).toBe(true);
    expect(await panel.locator('a[href="/pages/privacy"]').count()).toBe(1);
    let now = await kept(page);
    expect(now.cookies).not.toContain('amora_tracking');
    expect(now.cookies).not.toContain('amora_ab');
    expect(notEssential(now.local)).toEqual([]);

    await page.locator('a[data-cta]').first().click();
    await page.waitForURL('**/signup?**');
    // The app page asks too, from the first paint, and the draft lasts only for this tab.
    expect(await isOpen(page)).toBe(true);
    await browser.waitForIslands(page);
    await page.fill('input[name="email"]', 'no-choice@example.com');
    await expect
      .poll(() => page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('amora_signup_draft:'))))
      .toBe(true);
    expect(notEssential((await kept(page)).local)).toEqual([]);
    await signUp(page, 'no-choice@example.com');

    const postback = await signupPostback('no-choice-1');
    expect(postback.query).toMatchObject({
      net: VALUES.network,
      ref: VALUES.ref,
      s1: VALUES.sub1,
      s2: VALUES.sub2,
      s3: VALUES.sub3,
      lander: landed.pathname.split('/')[2],
      variant: landed.searchParams.get('variant') ?? '',
    });
    now = await kept(page);
    expect(now.cookies.filter((name) => ['amora_tracking', 'amora_ab', 'amora_consent'].includes(name))).toEqual([]);
    expect(notEssential(now.local)).toEqual([]);
  });

  it('accepting on the lander keeps the record 30 days: a later visit without parameters still signs up with it', async () => {
    const page = await browser.newPage();
    await page.goto(entryLink('accepted-1'));
    const landed = new URL(page.url());
    await chooseCookies(page, 'granted');
    // Back on the same lander, with its query.
    expect(page.url()).toBe(landed.href);
    const { all } = await kept(page);
    const days = (name: string) =>
      (all.find((cookie) => cookie.name === name)!.expires * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days('amora_tracking'))).toBe(30);
    expect(Math.round(days('amora_consent'))).toBe(180);
    // The choice is kept: the next page does not ask again, its footer offers "Cookie settings".
    await page.goto(`${server.url}/signup`);
    expect(await isOpen(page)).toBe(false);
    expect(await page.locator('[data-consent-panel] summary').isVisible()).toBe(true);
    await signUp(page, 'accepted@example.com');
    expect((await signupPostback('accepted-1')).query).toMatchObject({
      net: VALUES.network,
      s1: VALUES.sub1,
      lander: landed.pathname.split('/')[2],
    });
  });

  it('declining later from "Cookie settings" on an app page removes the record, and the server then sets none', async () => {
    const page = await browser.newPage();
    await page.goto(entryLink('declined-1'));
    await chooseCookies(page, 'granted');
    expect((await kept(page)).cookies).toContain('amora_tracking');
    await page.goto(`${server.url}/login`);
    expect(await isOpen(page)).toBe(false);
    await page.locator('[data-consent-panel] summary').click();
    expect(await isOpen(page)).toBe(true);
    await chooseCookies(page, 'denied');
    expect(new URL(page.url()).pathname).toBe('/login');
    let now = await kept(page);
    expect(now.cookies).toContain('amora_consent');
    expect(now.cookies).not.toContain('amora_tracking');
    // The server respects the choice: the entry link and the lander set nothing.
    const entry = await page.request.get(entryLink('declined-2'), { maxRedirects: 0 });
    expect(entry.status()).toBe(302);
    expect(entry.headers()['set-cookie']).toBeUndefined();
    await page.goto(entryLink('declined-2'));
    expect(await isOpen(page)).toBe(false);
    now = await kept(page);
    expect(now.cookies).not.toContain('amora_tracking');
    expect(notEssential(now.local)).toEqual([]);
    // The lander's own "Cookie settings" opens the choice again.
    await page.locator('[data-consent-panel] summary').click();
    expect(await isOpen(page)).toBe(true);
  });

  it('shows the choice on a lander and an app page of every demo site at 390 and 1280 px (screenshots)', async () => {
    for (const host of ['amora.test', 'flirtbox.test', 'lovelane.test'])
      for (const width of [390, 1280]) {
        const page = await browser.newSitePage(host, { viewport: { width, height: 844 } });
        for (const [name, url] of [
          ['lander', `${server.url}/landers/gallery/?network=adnet`],
          ['app', `${server.url}/login`],
        ] as const) {
          await page.goto(url);
          expect(await isOpen(page)).toBe(true);
          const panel = page.locator('[data-consent-panel]');
          await panel.scrollIntoViewIfNeeded();
          // Within the page's width, its buttons big enough to tap.
          const box = (await panel.boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= width).toBe(true);
          for (const button of await panel.locator('button, summary').all())
            expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          await browser.screenshot(page, `consent-${name}-${host.split('.')[0]}`);
        }
      }
  });
});
