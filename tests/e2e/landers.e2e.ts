import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDER_DESIGNS } from '../../src/shared/landers/lander-slug';
import { STATIC_PAGES } from '../../src/shared/static-pages';
import { seriousViolations } from './axe';
import { useBrowser } from './browser';
import { GERMAN_VISITOR, signUpFromGermanLander, trackingOf } from './lander-journey';

const browser = useBrowser();

describe('landers', () => {
  it('takes a German visitor from /landers/video/ to the German lander, through the CTA into signup, with the tracking record', async () => {
    const page = await browser.newPage(GERMAN_VISITOR);
    const request = await signUpFromGermanLander(
      page,
      browser.baseURL,
      `lander-${Date.now()}@example.com`,
      browser.waitForIslands,
    );
    // The server stores the cookie's record on the new account (read back from the row in landers.e2e-pg.ts and tests/integration/auth.test.ts).
    expect(trackingOf((await request.headerValue('cookie')) ?? undefined)).toEqual({
      network: 'abc',
      sub1: 'x',
      sub2: 'y',
      lander: 'video',
    });
    expect(JSON.parse(request.postData() ?? '{}')).toMatchObject({ trafficsource: 'abc', language: 'de' });
  });

  it('shows French at the same URL to the same visitor once the i18n_redirected cookie says fr', async () => {
    const page = await browser.newPage(GERMAN_VISITOR);
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'fr', url: browser.baseURL }]);
    await page.goto(`${browser.baseURL}/landers/video/?network=abc&sub1=x&sub2=y`);
    expect(new URL(page.url()).pathname).toBe('/landers/video/fr');
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR');
    await page.goto(`${browser.baseURL}/pages/terms`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR');
    expect(await page.textContent('h1')).toMatch(/conditions/i);
    await page.context().clearCookies();
    await page.goto(`${browser.baseURL}/pages/terms`);
    expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
  });

  it('sends a visitor to the slug of their language from the CDN copy of /landers/{design}/, keeping the query', async () => {
    // dist/client/sites/{site}/ is what a CDN serves; our server serves the same files at /sites/{site}/.
    const page = await browser.newPage({ locale: 'pl-PL', extraHTTPHeaders: { 'accept-language': 'pl-PL' } });
    await page.goto(`${browser.baseURL}/sites/amora/landers/gallery/?network=cdn&sub1=s`);
    await page.waitForURL('**/sites/amora/landers/gallery/pl?**');
    expect(new URL(page.url()).search).toBe('?network=cdn&sub1=s');
    expect(await page.getAttribute('html', 'lang')).toBe('pl-PL');
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'it', url: browser.baseURL }]);
    await page.goto(`${browser.baseURL}/sites/amora/landers/gallery/`);
    await page.waitForURL('**/sites/amora/landers/gallery/it');
  });

  it('switches the language with the footer switcher, without JavaScript too', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${browser.baseURL}/pages/privacy`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.selectOption('#language-switcher', 'nl');
    await page.click('.language-switcher button[type="submit"]');
    await page.waitForURL('**/pages/privacy');
    expect(await page.getAttribute('html', 'lang')).toBe('nl-NL');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('nl');
  });

  it('switches the language at once with JavaScript, keeps the choice, and the islands speak it', async () => {
    const de = JSON.parse(fs.readFileSync('locales/de.json', 'utf8')) as { nav: { login: string } };
    const page = await browser.newPage();
    await page.goto(`${browser.baseURL}/login`);
    await browser.waitForIslands(page);
    await page.selectOption('#language-switcher', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await browser.waitForIslands(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('amora_language') ?? 'null'));
    expect(kept?.locale).toBe('de');
    await expect.poll(() => page.locator('.top-nav .nav-link[href="/login"]').textContent()).toBe(de.nav.login);
  });

  it('loads the messages beside the page rather than in it, preloaded until the browser caches them, and the islands speak the language', async () => {
    const nl = JSON.parse(fs.readFileSync('locales/nl.json', 'utf8')) as {
      signup: { password: string };
      login: { submit: string };
    };
    const page = await browser.newPage({ locale: 'nl-NL', extraHTTPHeaders: { 'accept-language': 'nl-NL,nl;q=0.9' } });
    const bootMessages = () =>
      page.evaluate(() => 'messages' in JSON.parse(document.getElementById('amora-boot')!.textContent!));
    const preloads = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      );
    await page.goto(`${browser.baseURL}/login`);
    await browser.waitForIslands(page);
    expect(await bootMessages()).toBe(false);
    expect(await preloads()).toEqual(['/_i18n/nl/messages.json']);
    await expect.poll(() => page.locator('main button[type="submit"]').textContent()).toBe(nl.login.submit);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'amora_messages');
    expect(cookie?.value).toMatch(/\.nl$/);
    await page.goto(`${browser.baseURL}/signup`);
    await browser.waitForIslands(page);
    expect(await preloads()).toEqual([]);
    await expect
      .poll(() =>
        page
          .locator('input[name="password"]')
          .evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
      )
      .toBe(nl.signup.password);
  });

  it('has no serious or critical axe violations on any lander design or static page, and takes their screenshots', async () => {
    const found: string[] = [];
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      for (const design of LANDER_DESIGNS) {
        const response = await page.goto(`${browser.baseURL}/landers/${design}/de?network=n1&sub1=s1`);
        expect(response?.status(), design).toBe(200);
        await page.waitForLoadState('load');
        // Every CTA carries the tracking record into signup.
        const ctas = await page
          .locator('a[data-cta]')
          .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
        expect(ctas.length, design).toBeGreaterThan(0);
        for (const href of ctas)
          expect(Object.fromEntries(new URL(href).searchParams), design).toMatchObject({ network: 'n1', sub1: 's1' });
        for (const fields of await page
          .locator('form[data-cta]')
          .evaluateAll((forms) => forms.map((form) => Object.fromEntries(new FormData(form as HTMLFormElement))))) {
          expect(fields, design).toMatchObject({ network: 'n1', sub1: 's1' });
        }
        await browser.screenshot(page, `lander-${design}`);
        if (width === 390) found.push(...(await seriousViolations(page)));
      }
      if (width === 390) {
        for (const name of STATIC_PAGES) {
          await page.goto(`${browser.baseURL}/pages/${name}`);
          found.push(...(await seriousViolations(page)));
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('member landers, match finder and signup matches', () => {
  it('presents one member and signs the visitor up with that member as profile', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of ['/members/2/landing', '/members/2/landing2/de', '/members/2/landing3/milf-fr']) {
      const response = await page.goto(`${browser.baseURL}${path}`);
      expect(response?.status(), path).toBe(200);
      const cta = new URL((await page.getAttribute('[data-testid="member-lander-cta"]', 'href'))!, browser.baseURL);
      expect(cta.pathname).toBe('/signup');
      expect(cta.searchParams.get('profile')).toBe('2');
      expect(cta.searchParams.get('next')).toBe('/members/2/chat');
    }
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR');
    expect((await page.goto(`${browser.baseURL}/members/2/landing2/xx-de`))?.status()).toBe(404);
    expect((await page.goto(`${browser.baseURL}/members/2/landing4/de`))?.status()).toBe(404);
    browser.allowConsoleError(/404/);

    await page.goto(`${browser.baseURL}/members/2/signup`);
    await browser.waitForIslands(page);
    await browser.screenshot(page, 'member-lander-signup');
    const signupRequest = page.waitForRequest((request) => request.url().includes('/api/user.php?new=1'));
    await page.fill('input[name="email"]', `member-lander-${Date.now()}@example.com`);
    await page.fill('input[name="name"]', 'Tom');
    await page.fill('input[name="password"]', 'lander-pass');
    await page.click('form button[type="submit"]');
    expect(JSON.parse((await signupRequest).postData() ?? '{}')).toMatchObject({ profile: 2 });
    await page.waitForSelector('.wizard-card [data-testid^="step-"]');
  });

  it('leads a visitor from the match finder into signup, and a member to matching profiles', async () => {
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${browser.baseURL}/match-finder?network=mf`);
    await visitor.locator('fieldset[data-step="1"]').getByRole('radio', { name: 'A man' }).check();
    await visitor.locator('fieldset[data-step="2"]').getByRole('radio', { name: 'A woman' }).check();
    await visitor.locator('fieldset[data-step="3"]').getByRole('radio').nth(1).check();
    await browser.screenshot(visitor, 'match-finder');
    await visitor.click('.mf-submit');
    await visitor.waitForURL('**/signup?**');
    const url = new URL(visitor.url());
    expect(url.searchParams.get('seeking')).toBe('female');
    expect(url.searchParams.get('network')).toBe('mf');
    expect(url.searchParams.get('next')).toBe('/signup-matches?gender=female&min_age=26&max_age=35');

    const member = await browser.newPage();
    await browser.logIn(member, 'demo3@amora.test');
    await member.goto(`${browser.baseURL}/match-finder?gender=male&seeking=female&age=26-35`);
    await member.waitForURL('**/signup-matches?**');
    const names = await member.locator('[data-testid="member-card"] .member-card-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(Number(/, (\d+)$/.exec(name.trim())?.[1])).toBeGreaterThanOrEqual(26);
    for (const name of names) expect(Number(/, (\d+)$/.exec(name.trim())?.[1])).toBeLessThanOrEqual(35);
    await browser.screenshot(member, 'signup-matches');
  });
});
