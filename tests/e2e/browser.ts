import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/** The cookie a lander sets with the visitor's traffic source (URL-encoded JSON, server/http/tracking-cookie.ts), for `context.addCookies`. */
export function trackingCookie(
  tracking: Record<string, string>,
  url: string,
): { name: string; value: string; url: string } {
  return { name: 'amora_tracking', value: encodeURIComponent(JSON.stringify(tracking)), url };
}

/** What `useBrowser` hands a test file: pages, log-in, screenshots and console-error checks. */
export type E2eBrowser = ReturnType<typeof useBrowser>;

/** Which Chromium a test file drives (scripts/chromium.mjs). */
export interface BrowserChoice {
  /**
   * `shell` (the default): the headless shell, the lighter one. `full`: the full browser, for a
   * file whose journeys need what only it has: notification permission "default" (the push
   * offers of the wizard, the prompts and the settings) rather than the shell's "denied".
   */
  browser?: 'shell' | 'full';
}

/**
 * One Chromium per test file; every page records console errors and failed
 * requests, and the test fails if any happened that it did not expect.
 */
export function useBrowser({ browser: which = 'shell' }: BrowserChoice = {}) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const consoleErrors: { page: Page; line: string }[] = [];
  const allowed: { pattern: RegExp; page?: Page }[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: which === 'full' ? CHROMIUM_PATH : CHROMIUM_HEADLESS_SHELL_PATH,
      args: CHROMIUM_FLAGS,
    });
  });
  afterEach(async () => {
    const unexpected = consoleErrors
      .filter(
        (error) => !allowed.some(({ pattern, page }) => (!page || page === error.page) && pattern.test(error.line)),
      )
      .map((error) => error.line);
    consoleErrors.length = 0;
    allowed.length = 0;
    for (const context of contexts.splice(0)) await context.close();
    expect(unexpected, 'browser console errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  let cachedUserAgent: string | null = null;
  async function defaultUserAgent(): Promise<string> {
    if (!cachedUserAgent) {
      const probe = await browser.newPage();
      cachedUserAgent = await probe.evaluate(() => navigator.userAgent);
      await probe.close();
    }
    return cachedUserAgent;
  }

  /** A fresh context (own cookies) and page; viewport defaults to a desktop size. */
  async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
    // A real visitor's user agent: "HeadlessChrome" is (rightly) treated as a bot by the error pages.
    const userAgent = (await defaultUserAgent()).replace('HeadlessChrome', 'Chrome');
    // en-US as the full browser sends it: the headless shell sends no Accept-Language of its own,
    // and a site then answers in its default language.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      userAgent,
      locale: 'en-US',
      ...options,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push({ page, line: `${page.url()}: ${message.text()}` });
    });
    page.on('pageerror', (error) => consoleErrors.push({ page, line: `${page.url()}: ${error.message}` }));
    return page;
  }

  return {
    baseURL: inject('baseURL'),
    newPage,
    /** A fresh page as a visitor of another demo site (`lovelane.test`…): the server picks the site by the `original-host` header, as behind the proxy. */
    async newSitePage(host: string, options: BrowserContextOptions = {}): Promise<Page> {
      return newPage({ ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'original-host': host } });
    },
    /**
     * Waits until the page has laid out and painted what changed (a resize, a scroll): two
     * animation frames, the browser's own render steps, rather than a guessed number of ms.
     */
    async settled(page: Page): Promise<void> {
      await page.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
    },
    /** Waits until every island on the page has hydrated (Astro removes their `ssr` attribute). */
    async waitForIslands(page: Page): Promise<void> {
      // Islands that hydrate when seen (client:visible, e.g. the lower /profile sections) are
      // scrolled into view one by one, then the page goes back to the top. An island element
      // has no box of its own (display: contents): Astro watches its first child.
      await page.evaluate(async () => {
        const pending = [...document.querySelectorAll('astro-island[ssr][client="visible"]')];
        for (const island of pending) {
          (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
        }
        if (pending.length > 0) window.scrollTo(0, 0);
      });
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    },
    /** Logs a demo member in (password `amora-demo`) through the login form; ends on /members. */
    async logIn(page: Page, email: string, baseURL = inject('baseURL')): Promise<void> {
      await page.goto(`${baseURL}/login`);
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill('amora-demo');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/members');
    },
    /** Saves `screenshots/{name}-{width}.png` (git-ignored) for a look at the page. */
    async screenshot(page: Page, name: string): Promise<void> {
      fs.mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: `screenshots/${name}-${page.viewportSize()?.width}.png` });
    },
    /** Marks a console error as expected in this test (e.g. the 404 of a missing page), on `page` only when given. */
    allowConsoleError(pattern: RegExp, page?: Page) {
      allowed.push({ pattern, page });
    },
  };
}
