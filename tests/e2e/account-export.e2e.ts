import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { openChatFromProfile } from './journeys';

/**
 * docs/product.md §10 Data export: a member with photos writes a message, asks for their data,
 * waits until it is ready and downloads the ZIP, which holds the message and a photo. Demo
 * members 255 (with seeded photos and welcome credits) and 256 are used by no other journey.
 */
const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

async function exportSection(page: Page) {
  const section = page.getByTestId('export-section');
  await section.scrollIntoViewIfNeeded();
  return section;
}

describe('data export on /profile (journey)', () => {
  it('asks for the data, waits until ready and downloads a ZIP with the own message and a photo', async () => {
    const page = await browser.newPage();
    await openChatFromProfile(browser, page, 255, 256);
    const text = `Export me ${Date.now()}`;
    await page.getByLabel('Your message').fill(text);
    await page.getByLabel('Your message').press('Enter');
    await expect.poll(() => page.getByTestId('message').filter({ hasText: text }).count()).toBe(1);

    await page.goto(`${browser.baseURL}/profile`);
    const section = await exportSection(page);
    const ask = section.getByRole('button', { name: 'Download my data' });
    await ask.waitFor();
    await browser.screenshot(page, 'account-export-start');
    await ask.click();
    const download = section.getByRole('button', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 20_000 });
    expect(await section.getByText('Your data is ready').isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await browser.screenshot(page, 'account-export-ready');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^amora-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await file.path();
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
    expect(names).toContain('README.txt');
    expect(names.some((name) => /^photos\/1-\d+\.\w+$/.test(name))).toBe(true);
    const written = JSON.parse(execFileSync('unzip', ['-p', zip, 'messages.json'], { encoding: 'utf8' }));
    expect(written.map((message: { text: string | null }) => message.text)).toContain(text);

    // The section stays ready (downloadable again while the file is kept).
    await expect.poll(() => section.getByText('Downloaded.').count()).toBe(1);
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await browser.screenshot(page, 'account-export-ready');
  });
});
