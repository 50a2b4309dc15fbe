import { describe, expect, it, inject } from 'vitest';
import { useBrowser } from './browser';

const baseURL = inject('baseURL');
const browser = useBrowser();
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe('unknown paths', () => {
  it.each([
    '/nope',
    '/nope/deeper',
    '/credits/popular/ideal/extra',
    '/_dev/dialogs',
    '/likes/unknown-tab',
    '/a/b/c',
    '/members/99999999',
    '/likes/m/99999999',
  ])('answers a bot on %s with plain text', async (path) => {
    const response = await fetch(`${baseURL}${path}`, { headers: { 'user-agent': BOT }, redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('404 Not Found');
  });

  it('answers a browser on a two-segment unknown path with the 404 page', async () => {
    const response = await fetch(`${baseURL}/nope/deeper`, { headers: { 'user-agent': BROWSER } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Page Not Found: /nope/deeper');
  });

  it.each(['/_i18n/en/nope', '/_i18n/en/a/b.json'])(
    'answers %s (no page context) with a plain 404, not a server error',
    async (path) => {
      const response = await fetch(`${baseURL}${path}`, { headers: { 'user-agent': BROWSER } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    },
  );

  it.each([
    ['GET', '/api/unknown.php'],
    ['GET', '/api/a/b/c.php'],
    ['POST', '/api/nothing.php'],
    ['DELETE', '/api/xcams/nope.php'],
  ])('answers %s %s with the API’s JSON not_found', async (method, path) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'package-name': 'amora', origin: baseURL, 'user-agent': BROWSER },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('opens /likes/m/:memberId for a visitor like /members/:memberId', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/likes/m/7`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/likes/m/7');
    expect(await page.getByTestId('profile').isVisible()).toBe(true);
  });
});
