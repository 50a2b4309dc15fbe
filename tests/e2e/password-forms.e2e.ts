import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSOLE_VISITOR_ROUTES, MEMBER_ROUTES, VISITOR_ROUTES } from './audit-routes';
import { useBrowser } from './browser';

/**
 * Forms with a password field never submit as GET (docs/architecture.md §6 password forms): a press
 * before the island's scripts ran does nothing (the submit button is disabled until hydration, and
 * the form's method is POST), so no password ever lands in the URL, the history or a server log.
 */
const browser = useBrowser();
const SECRET = 'never-in-the-url-42';
const PASSWORD_SUBMIT = 'form:has(input[type="password"]) button[type="submit"]';

/** Every `<form …>…</form>` of an HTML page that holds a password input, by its opening tag. */
function passwordForms(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .filter((form) => /<input\b[^>]*type="password"/.test(form))
    .map((form) => /^<form\b[^>]*>/.exec(form)![0]);
}

/** Opens `path` with every script of the build blocked, so no island hydrates. */
async function openWithoutScripts(path: string): Promise<{ page: Page; requested: string[] }> {
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.route('**/_astro/**/*.js', (route) => route.abort());
  browser.allowConsoleError(/Failed to load resource|net::ERR_FAILED|Failed to fetch dynamically imported module/);
  await page.goto(`${browser.baseURL}${path}`);
  return { page, requested };
}

/** Presses Enter in the password field and clicks the submit button; nothing may leave the page. */
async function pressBeforeHydration(page: Page): Promise<void> {
  const before = await page.evaluate(() => ({ url: location.href, history: history.length }));
  const password = page.locator('input[type="password"]').first();
  await password.fill(SECRET);
  // Playwright waits for a navigation an action starts, so a native submission would be done here.
  await password.press('Enter');
  await page.locator(PASSWORD_SUBMIT).click({ force: true });
  const after = await page.evaluate(() => ({ url: location.href, history: history.length }));
  expect(after).toEqual(before);
}

describe('password forms never submit as GET (docs/architecture.md §6)', () => {
  for (const route of ['/login', '/signup', '/admin/login']) {
    it(`${route}: a press before the scripts load puts no password in the URL or history`, async () => {
      const { page, requested } = await openWithoutScripts(route);
      const email = page.locator('input[type="email"], input[name="email"]').first();
      if (await email.count()) await email.fill('someone@example.com');
      await pressBeforeHydration(page);
      expect(page.url()).not.toContain(SECRET);
      expect(requested.filter((url) => url.includes(SECRET))).toEqual([]);
      expect(await page.evaluate(() => location.search)).not.toMatch(/password/i);
    });
  }

  it('every password form of the built pages, the served pages and the member pages has method="post"', async () => {
    const found = new Map<string, string[]>();
    const dist = path.resolve(process.env.AMORA_OUT_DIR ?? 'dist', 'client');
    for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.html')) continue;
      const forms = passwordForms(fs.readFileSync(path.join(dist, file), 'utf8'));
      if (forms.length > 0) found.set(`dist/${file}`, forms);
    }
    const served = async (route: string, cookie?: string) => {
      const response = await fetch(`${browser.baseURL}${route.replace('{id}', '2')}`, {
        headers: cookie ? { cookie } : {},
      });
      const forms = passwordForms(await response.text());
      if (forms.length > 0) found.set(route, forms);
    };
    for (const { path: route } of [...VISITOR_ROUTES, ...CONSOLE_VISITOR_ROUTES]) await served(route);
    for (const route of ['/signup', '/admin/setup?token=' + 'A'.repeat(43)]) await served(route);
    const page = await browser.newPage();
    await browser.logIn(page, 'demo1@amora.test');
    const cookie = (await page.context().cookies()).map((each) => `${each.name}=${each.value}`).join('; ');
    for (const { path: route } of MEMBER_ROUTES) await served(route, cookie);

    // The check is not empty: log-in, signup, console log-in and the profile's sections are found.
    for (const route of ['/login', '/signup', '/admin/login', '/profile']) expect([...found.keys()]).toContain(route);
    const notPost = [...found].flatMap(([where, forms]) =>
      forms.filter((form) => !/\smethod="post"/i.test(form)).map((form) => `${where}: ${form}`),
    );
    expect(notPost).toEqual([]);
  });
});
