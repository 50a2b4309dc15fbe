import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANDER_DESIGNS } from '../../src/shared/landers/lander-slug';
import { seriousViolations } from './axe';
import { trackingCookie, useBrowser } from './browser';

const browser = useBrowser();

/** The three demo sites, their template and what that template ships. */
const SITES = [
  {
    host: 'amora.test',
    template: 'classic',
    display: 'Nunito Sans Variable',
    body: 'Nunito Sans Variable',
    lander: 'en',
    landerDisplay: 'Nunito Sans',
    accent: '#d6304f',
  },
  {
    host: 'lovelane.test',
    template: 'lavish',
    display: 'Playfair Display Variable',
    body: 'Figtree Variable',
    lander: 'nl',
    landerDisplay: 'Playfair Display',
    accent: '#e6a57e',
  },
  {
    host: 'flirtbox.test',
    template: 'boxy',
    display: 'Space Grotesk Variable',
    body: 'Space Grotesk Variable',
    lander: 'de',
    landerDisplay: 'Space Grotesk',
    accent: '#6d28d9',
  },
] as const;

/** A visitor of `host` with a traffic source (lovelane shows its members only to those), recording font requests. */
async function sitePage(
  host: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; fonts: { url: string; status: number }[] }> {
  const page = await browser.newSitePage(host, { locale: 'en-US', viewport });
  await page.context().addCookies([trackingCookie({ network: 'tiktok' }, browser.baseURL)]);
  const fonts: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (/\.woff2(\?|$)/.test(response.url())) fonts.push({ url: response.url(), status: response.status() });
  });
  return { page, fonts };
}

/** The families the document loaded, the computed heading and body families, and the font preloads. */
async function typeOf(page: Page, heading: string) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((selector) => {
    const h = document.querySelector(selector)!;
    return {
      heading: getComputedStyle(h).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/["']/g, '')),
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
        (link) => link.href,
      ),
    };
  }, heading);
}

/** WCAG contrast of two sRGB colours given as [r, g, b] (0–255). */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Every colour in a computed CSS value (rgb(), rgba() or color(srgb …)) as 0–255 channels. */
function colours(value: string): number[][] {
  const rgb = [...value.matchAll(/rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
  ]);
  const srgb = [...value.matchAll(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/g)].map((m) => [
    Number(m[1]) * 255,
    Number(m[2]) * 255,
    Number(m[3]) * 255,
  ]);
  return [...rgb, ...srgb];
}

describe('the three templates look different and ship their own fonts', () => {
  for (const site of SITES) {
    it(`${site.host} (${site.template}): home and members set in the template's self-hosted fonts, preloaded only there`, async () => {
      const { page, fonts } = await sitePage(site.host);
      await page.goto(`${browser.baseURL}/`);
      expect(await page.locator('html').getAttribute('data-template')).toBe(site.template);
      const home = await typeOf(page, 'h1');
      expect(home.heading.split(',')[0]!.replace(/["']/g, '')).toBe(site.display);
      expect(home.body.split(',')[0]!.replace(/["']/g, '')).toBe(site.body);
      expect(home.loaded).toContain(site.display);
      expect(home.loaded).toContain(site.body);
      expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`), site.display)).toBe(true);
      // Only this template's latin files are preloaded: one per family.
      const families = new Set<string>([site.display, site.body]);
      expect(home.preloads).toHaveLength(families.size);
      for (const href of home.preloads) expect(new URL(href).origin).toBe(new URL(browser.baseURL).origin);
      // Every font file came from our own origin, none failed.
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(new URL(font.url).origin).toBe(new URL(browser.baseURL).origin);
        expect(font.status).toBe(200);
      }

      await page.goto(`${browser.baseURL}/members`);
      await page.locator('.member-card:not(.skeleton) img').first().waitFor();
      const members = await typeOf(page, 'h1');
      expect(members.heading.split(',')[0]!.replace(/["']/g, '')).toBe(site.display);
      expect(members.loaded).toContain(site.display);
      await browser.screenshot(page, `template-${site.template}-members`);
    });
  }

  it('pre-rendered static pages are set in the template fonts too (lovelane: Playfair Display headings)', async () => {
    const { page, fonts } = await sitePage('lovelane.test');
    await page.goto(`${browser.baseURL}/pages/terms`);
    const type = await typeOf(page, 'h1');
    expect(type.heading.split(',')[0]!.replace(/["']/g, '')).toBe('Playfair Display Variable');
    expect(type.loaded).toContain('Playfair Display Variable');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(new URL(font.url).origin).toBe(new URL(browser.baseURL).origin);
  });

  it('cards differ per template: classic rounded, boxy square in a bordered grid, lavish large radii', async () => {
    const shape: Record<string, { radius: number; gap: number; shadow: string }> = {};
    for (const site of SITES) {
      const { page } = await sitePage(site.host);
      await page.goto(`${browser.baseURL}/members`);
      const card = page.locator('.member-card:not(.skeleton)').first();
      await card.waitFor();
      shape[site.template] = await card.evaluate((element) => ({
        radius: parseFloat(getComputedStyle(element).borderTopLeftRadius),
        gap: parseFloat(getComputedStyle(element.closest('.member-grid')!).columnGap),
        shadow: getComputedStyle(element).boxShadow,
      }));
    }
    expect(shape.boxy!.radius).toBeLessThanOrEqual(4);
    expect(shape.boxy!.gap).toBe(0);
    expect(shape.boxy!.shadow).toBe('none');
    expect(shape.lavish!.radius).toBeGreaterThanOrEqual(20);
    expect(shape.classic!.radius).toBeGreaterThanOrEqual(12);
    expect(shape.classic!.radius).toBeLessThanOrEqual(16);
    expect(new Set(Object.values(shape).map((s) => s.radius)).size).toBe(3);
  });

  it('lavish: a full-bleed hero and a logo mark that stands out from the dark header', async () => {
    const { page } = await sitePage('lovelane.test');
    await page.goto(`${browser.baseURL}/`);
    const hero = await page.locator('.hero').boundingBox();
    expect(hero!.x).toBe(0);
    expect(hero!.width).toBeGreaterThanOrEqual(1280 - 20);
    const { mark, header, bg } = await page.evaluate(() => ({
      mark: getComputedStyle(document.querySelector('.brand-mark')!).backgroundImage,
      header: getComputedStyle(document.querySelector('.top-nav')!).backgroundColor,
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    const markColours = colours(mark);
    expect(markColours.length).toBeGreaterThan(0);
    const headerColour = colours(header)[0] ?? colours(bg)[0]!;
    // Every stop of the mark's gradient stands out (≥ 3:1) from the header.
    for (const stop of markColours) expect(contrast(stop, headerColour)).toBeGreaterThanOrEqual(3);
  });

  it('boxy: the home hero and benefits sit in a strict bordered grid with square corners', async () => {
    // The newest members have no photo yet: the hero must still fill its grid with faces.
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${browser.baseURL}/api/user.php?new=1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'package-name': 'flirtbox',
          origin: browser.baseURL,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
        },
        body: JSON.stringify({
          email: `no-photo-${Date.now()}-${i}@example.com`,
          name: 'Lena',
          password: 'no-photo-yet',
          country: 'DE',
          language: 'de',
        }),
      });
      expect(response.status).toBe(200);
    }
    const { page } = await sitePage('flirtbox.test');
    await page.goto(`${browser.baseURL}/`);
    const styles = await page.evaluate(() => {
      const benefits = getComputedStyle(document.querySelector('.benefits')!);
      const hero = getComputedStyle(document.querySelector('.hero')!);
      return {
        gap: benefits.columnGap,
        border: benefits.borderTopWidth,
        heroRadius: hero.borderTopLeftRadius,
        shadow: hero.boxShadow,
      };
    });
    expect(styles).toEqual({ gap: '0px', border: '1px', heroRadius: '0px', shadow: 'none' });
    // The hero's grid of faces is full: six photos, even when the newest members have none yet.
    const faces = page.locator('.hero-faces img');
    await expect.poll(() => faces.count()).toBe(6);
    await expect
      .poll(() => faces.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
  });

  for (const site of SITES) {
    it(`${site.host}: a lander carries the site's colours, radii and heading face (the gallery design)`, async () => {
      const { page, fonts } = await sitePage(site.host, { width: 390, height: 844 });
      await page.goto(`${browser.baseURL}/landers/gallery/${site.lander}`);
      expect(await page.locator('html').getAttribute('data-template')).toBe(site.template);
      // Landers load the display family as one light static weight (not the app's variable file).
      const type = await typeOf(page, 'h1');
      expect(type.heading.split(',')[0]!.replace(/["']/g, '')).toBe(site.landerDisplay);
      expect(type.loaded).toEqual([site.landerDisplay]);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(new URL(font.url).origin).toBe(new URL(browser.baseURL).origin);
      const tokens = await page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        return {
          accent: root.getPropertyValue('--l-accent').trim(),
          cardRadius: parseFloat(getComputedStyle(document.querySelector('.g-card')!).borderTopLeftRadius),
        };
      });
      expect(tokens.accent).toBe(site.accent);
      if (site.template === 'boxy') expect(tokens.cardRadius).toBe(0);
      if (site.template === 'lavish') {
        expect(tokens.cardRadius).toBeGreaterThanOrEqual(20);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 11, 22)');
      }
      await browser.screenshot(page, `template-${site.template}-lander-gallery`);
    });
  }

  for (const site of SITES) {
    it(`${site.host} (${site.template}): no serious axe violations (contrast included) on home, members and a lander`, async () => {
      const problems: string[] = [];
      for (const [width, paths] of [
        [1280, ['/', '/members', `/landers/iconslanding/${site.lander}`]],
        [390, ['/', '/members']],
      ] as const) {
        const { page } = await sitePage(site.host, { width, height: 844 });
        for (const path of paths) {
          await page.goto(`${browser.baseURL}${path}`);
          if (path === '/members') await page.locator('.member-card:not(.skeleton)').first().waitFor();
          problems.push(...(await seriousViolations(page)).map((line) => `${width}: ${line}`));
        }
      }
      expect(problems).toEqual([]);
    }, 150_000);
  }

  it("every lander design in lavish (the furthest from the designs' own colours) has no serious axe violations", async () => {
    const { page } = await sitePage('lovelane.test', { width: 390, height: 844 });
    const problems: string[] = [];
    for (const design of LANDER_DESIGNS) {
      await page.goto(`${browser.baseURL}/landers/${design}/nl`);
      problems.push(...(await seriousViolations(page)));
    }
    expect(problems).toEqual([]);
  }, 150_000);
});
