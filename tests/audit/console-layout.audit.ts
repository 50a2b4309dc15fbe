import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, CONSOLE_VISITOR_ROUTES, SITES, type Route } from '../e2e/audit-routes';
import { useBrowser } from '../e2e/browser';
import { enrolOperator } from '../e2e/console';
import { layoutViolations } from '../e2e/layout-checks';

/**
 * The layout audit of the operator console (docs/product.md §13): every console page on each demo
 * site (the site's template) at a phone and a desktop width, as an admin, checked like the member
 * pages (overflow, clipped text, covered actions, small targets, axe) and with the browser
 * enforcing the Content-Security-Policy (no violation may happen). Screenshots go to
 * test-results/layout/{site}-{width}-en-{route}.png.
 */
const browser = useBrowser();
const SHOTS = 'test-results/layout';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
let operatorCookie: { name: string; value: string; url: string } | null = null;

async function auditPage(host: string, width: number, height: number, loggedIn: boolean): Promise<Page> {
  const page = await browser.newSitePage(host, { viewport: { width, height } });
  if (loggedIn) await page.context().addCookies([operatorCookie!]);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`csp violation: ${event.effectiveDirective} ${event.blockedURI || 'inline'}`);
    });
  });
  return page;
}

async function visit(page: Page, route: Route, place: { site: string; width: number }): Promise<string[]> {
  const found: string[] = [];
  const at = { route: route.name, site: place.site, width: place.width, locale: 'en' };
  try {
    const answer = await page.goto(`${browser.baseURL}${route.path.replace('{id}', '1')}`, { waitUntil: 'load' });
    if (answer?.status() !== 200)
      found.push(`${route.name} | ${place.site} | ${place.width} | status ${answer?.status()}`);
    await browser.waitForIslands(page);
    // Sections load their data after hydration: wait until no panel still says it is loading.
    await page.waitForFunction(() => !document.body.innerText.includes('Loading…'), undefined, { timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
    found.push(...(await layoutViolations(page, at, { axe: true })));
  } catch (error) {
    found.push(`${route.name} | ${place.site} | ${place.width} | load | ${(error as Error).message.split('\n')[0]}`);
  }
  await page.screenshot({ path: `${SHOTS}/${place.site}-${place.width}-en-${route.name}.png`, fullPage: true });
  return found;
}

fs.mkdirSync(SHOTS, { recursive: true });

describe('console layout audit', () => {
  beforeAll(async () => {
    const page = await browser.newPage();
    await enrolOperator(browser, page, 'audit@ops.test');
    const cookie = (await page.context().cookies()).find((each) => each.name === 'amora_operator')!;
    operatorCookie = { name: cookie.name, value: cookie.value, url: `${browser.baseURL}/admin` };
  }, 120_000);

  for (const site of SITES) {
    for (const { width, height } of WIDTHS) {
      it(`${site.site} at ${width}px: every console page holds up`, { timeout: 180_000 }, async () => {
        const found: string[] = [];
        const visitor = await auditPage(site.host, width, height, false);
        for (const route of CONSOLE_VISITOR_ROUTES)
          found.push(...(await visit(visitor, route, { site: site.site, width })));
        const admin = await auditPage(site.host, width, height, true);
        for (const route of CONSOLE_ROUTES) found.push(...(await visit(admin, route, { site: site.site, width })));
        fs.writeFileSync(`${SHOTS}/violations-console-${site.site}-${width}.txt`, found.join('\n') + '\n');
        expect(found).toEqual([]);
      });
    }
  }
});
