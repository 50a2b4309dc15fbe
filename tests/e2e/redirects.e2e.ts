import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { OPEN_REDIRECTS } from '../corpus/open-redirects';
import { useBrowser } from './browser';

/**
 * docs/product.md §5 Redirect targets, in Chromium on the built app: whatever `next` the language
 * switch or the login is given, the browser ends on this site (the corpus of known bypasses).
 */
const browser = useBrowser();
const home = () => new URL(browser.baseURL).host;

/** A page whose requests to any host but the app's are aborted (a regression must not reach out). */
async function loopbackPage() {
  const page = await browser.newPage();
  await page.route('**/*', (route) =>
    new URL(route.request().url()).host === home() ? route.continue() : route.abort('blockedbyclient'),
  );
  return page;
}

describe('redirect targets stay on the site', () => {
  it('the language switch never leaves the site, for every entry of the open-redirect corpus', async () => {
    const page = await loopbackPage();
    const left: string[] = [];
    for (const next of OPEN_REDIRECTS) {
      const response = await page
        .goto(`${browser.baseURL}/language?locale=de&next=${encodeURIComponent(next)}`)
        .catch((error: Error) => error);
      if (response instanceof Error || new URL(page.url()).host !== home())
        left.push(`${JSON.stringify(next)} → ${response instanceof Error ? response.message : page.url()}`);
    }
    expect(left).toEqual([]);
  });

  it('logging in with a hostile next lands on the members page of this site', async () => {
    const page = await loopbackPage();
    for (const next of ['/\t/evil.example', '/.//evil.example', '/%5Cevil.example']) {
      // Leave the member's page first: its page-hidden call on the way out must still have the session.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto(`${browser.baseURL}/login?next=${encodeURIComponent(next)}`);
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
      await page.getByLabel('E-mail address').fill('demo5@amora.test');
      await page.getByLabel('Password').fill('amora-demo');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/members');
      expect(new URL(page.url()).host).toBe(home());
    }
  });
});

describe('methods the server does not serve', () => {
  it('answers TRACE with 405 on pages and the API of the served app (fetch cannot send TRACE)', async () => {
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(`${browser.baseURL}${path}`, { method: 'TRACE' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        sent.on('error', reject);
        sent.end();
      });
    expect(await status('/members')).toBe(405);
    expect(await status('/api/settings.php')).toBe(405);
  });
});
