import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { freePort, serveBuild } from './server';

/**
 * docs/product.md §10 account deletion, end to end on an own server (so the storage folder can
 * be checked): X deletes their account past the stay offer; Y sees "Deleted member"; the
 * address is known as deleted; X's photo files are gone.
 */
const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-delete-'));
const dataDir = path.join(work, 'data');
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  server = await serveBuild(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), await freePort(), dataDir, {
    SEED_ON_START: '0',
  });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const HEADERS = { 'package-name': 'amora' };

/** Signs a member up through the API in the page's browser context (which then holds the session). */
async function signUp(page: Page, email: string, name: string): Promise<number> {
  const created = await page.request.post(`${server.url}/api/user.php?new=1`, {
    headers: HEADERS,
    data: { email, name, password: 'delete-pass', language: 'en', country: 'NL' },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).user.profile.id as number;
}

async function send(page: Page, conversation: number, text: string): Promise<void> {
  const sent = await page.request.post(`${server.url}/api/messages.php`, {
    headers: HEADERS,
    data: { conversation, text },
  });
  expect(sent.status()).toBe(200);
}

/** Screenshots `account-delete-{name}` at 1280 and 390 px, back at 1280 after. */
async function shots(page: Page, name: string): Promise<void> {
  await browser.screenshot(page, `account-delete-${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await browser.settled(page);
  await browser.screenshot(page, `account-delete-${name}`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('deleting an account', () => {
  it('takes X past the offer to /account-deleted; Y then sees "Deleted member"', async () => {
    const stamp = Date.now();
    const xEmail = `xena-${stamp}@example.com`;
    const x = await browser.newPage();
    const xId = await signUp(x, xEmail, 'Xena');
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7a8fe0' } })
      .jpeg()
      .toBuffer();
    const uploaded = await x.request.post(`${server.url}/api/profileimage.php`, {
      headers: HEADERS,
      multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(uploaded.status()).toBe(200);
    const me = await (await x.request.get(`${server.url}/api/user.php`, { headers: HEADERS })).json();
    const files = (me.profile.images as { filename: string; thumb_filename: string }[]).flatMap((image) => [
      path.join(dataDir, 'uploads', image.filename),
      path.join(dataDir, 'uploads', image.thumb_filename),
    ]);
    expect(files).toHaveLength(2);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);

    const y = await browser.newPage();
    await signUp(y, `yves-${stamp}@example.com`, 'Yves');
    const chat = await y.request.get(`${server.url}/api/chat.php?profile=${xId}`, { headers: HEADERS });
    const conversation = (await chat.json()).id as number;
    await send(y, conversation, 'Hello Xena!');
    await send(x, conversation, 'Hi Yves, nice to meet you.');

    // X: /profile → delete → the stay offer → decline → password → gone.
    await x.goto(`${server.url}/profile`);
    const section = x.getByTestId('delete-account');
    await section.scrollIntoViewIfNeeded();
    // The /profile sections hydrate when they come into view.
    await x.waitForFunction(
      () => document.querySelector('[data-testid="delete-account"]')?.closest('astro-island[ssr]') === null,
    );
    await expect.poll(() => section.getByRole('button', { name: 'Delete my account' }).isVisible()).toBe(true);
    await shots(x, 'section');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const offer = x.getByTestId('delete-offer');
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.textContent()).toContain('50% off your next purchase');
    await section.scrollIntoViewIfNeeded();
    await shots(x, 'offer');
    await offer.getByRole('button', { name: 'No thanks, continue' }).click();

    const password = section.getByLabel('Your password');
    await expect.poll(() => password.isVisible()).toBe(true);
    await section.getByLabel('Why are you leaving? (optional)').selectOption('privacy');
    browser.allowConsoleError(/422/);
    await password.fill('not-the-password');
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect.poll(() => section.getByText('That password is not right.').isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shots(x, 'confirm');
    await password.fill('delete-pass');
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await x.waitForURL('**/account-deleted');
    await expect.poll(() => x.getByTestId('account-deleted').isVisible()).toBe(true);
    expect(await x.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(await x.getByTestId('account-deleted').textContent()).toContain('sign up again with the same address');
    await shots(x, 'goodbye');
    const after = await x.request.get(`${server.url}/api/user.php`, { headers: HEADERS });
    expect(after.status()).toBe(403);
    for (const file of files) expect(fs.existsSync(file)).toBe(false);

    // Y: the chat list and the conversation show "Deleted member", no name, photo or profile link, no composer.
    await y.goto(`${server.url}/chats`);
    await browser.waitForIslands(y);
    const item = y.getByTestId('chat-item').first();
    await expect.poll(() => item.getByTestId('chat-name').textContent()).toBe('Deleted member');
    expect(await item.locator('img').count()).toBe(0);
    expect(await item.getByTestId('deleted-member-avatar').count()).toBe(1);
    expect(await y.locator('body').textContent()).not.toContain('Xena');
    await y.goto(`${server.url}/chats/${conversation}`);
    await browser.waitForIslands(y);
    const pane = y.locator('.chat-pane-conversation');
    await expect.poll(() => pane.getByTestId('conversation-name').textContent()).toBe('Deleted member');
    expect(await y.locator(`a[href="/members/${xId}"]`).count()).toBe(0);
    expect(await pane.locator('img').count()).toBe(0);
    await expect.poll(() => pane.getByTestId('member-deleted-note').isVisible()).toBe(true);
    expect(await pane.locator('textarea').count()).toBe(0);
    await expect.poll(() => pane.getByTestId('message').count()).toBe(2);
    expect(await y.title()).toContain('Deleted member');
    await shots(y, 'chat');

    // The address: the e-mail check says deleted, and the signup form says so with the service link.
    const check = await y.request.get(`${server.url}/api/validate_email.php?email=${encodeURIComponent(xEmail)}`, {
      headers: HEADERS,
    });
    expect((await check.json()).status).toBe('deleted');
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.url}/signup`);
    await browser.waitForIslands(visitor);
    await visitor.getByLabel('E-mail address').fill(xEmail);
    await visitor.getByLabel('E-mail address').blur();
    const status = visitor.getByTestId('email-status');
    await expect.poll(() => status.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await status.textContent()).toContain('deleted');
    expect(await status.getByRole('link').getAttribute('href')).toBe('/pages/service');
    await browser.screenshot(visitor, 'account-delete-signup');
    // …and the address signs up again, as the goodbye page promises: a new account.
    await visitor.getByLabel('Password').fill('welcome-back-1');
    await visitor.locator('form:has(input[type="password"]) button[type="submit"]').click();
    await visitor.locator('.wizard-card [data-testid^="step-"]').first().waitFor({ timeout: 25_000 });
    const again = await visitor.request.get(`${server.url}/api/user.php`, { headers: HEADERS });
    expect(again.status()).toBe(200);
    expect((await again.json()).email).toBe(xEmail);
  });
});
