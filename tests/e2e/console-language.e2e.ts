import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

/**
 * docs/product.md §13 Console language: the switch in the console's header changes the whole
 * page (texts, `<html lang>`, tab title) and stays on the same console page.
 */
const browser = useBrowser();

describe('console language switch', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`switches the console to German from the log-in page and back to English from another page (${viewport.width} px)`, async () => {
      const page = await browser.newPage({ viewport, locale: 'en-GB' });
      await page.goto(`${browser.baseURL}/admin/login?next=%2Fadmin%2Freports`);
      expect(await page.title()).toBe('Console log-in · Amora console');
      const languages = page.getByRole('navigation', { name: 'Console language' });
      expect(await languages.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');

      await languages.getByRole('link', { name: 'Deutsch' }).click();
      await page.waitForURL('**/admin/login?next=%2Fadmin%2Freports');
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.title()).toBe('Anmeldung zur Konsole · Amora-Konsole');
      const german = page.getByRole('navigation', { name: 'Sprache der Konsole' });
      expect(await german.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
      await browser.waitForIslands(page);
      await browser.screenshot(page, 'console-language-de');
      // The choice holds on the other console pages, the server-rendered texts included.
      await page.goto(`${browser.baseURL}/admin/setup`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Einrichtungslink unvollständig');
      expect(await page.title()).toBe('Richte dein Konsolenkonto ein · Amora-Konsole');

      await german.getByRole('link', { name: 'English' }).click();
      await page.waitForURL('**/admin/setup');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Setup link incomplete');
      expect(await page.title()).toBe('Set up your console account · Amora console');
    });
  }
});
