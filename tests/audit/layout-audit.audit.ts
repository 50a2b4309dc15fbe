import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  firstDemoMember,
  MEMBER_ROUTES,
  SITES,
  VISITOR_ROUTES,
  walkSignupWizard,
  type AuditSite,
  type Route,
} from '../e2e/audit-routes';
import { trackingCookie, useBrowser } from '../e2e/browser';
import { layoutViolations } from '../e2e/layout-checks';

/**
 * The layout audit: every route a visitor or member reaches, on each demo site, at a
 * phone and a desktop width (a subset also in German), checked for horizontal overflow,
 * clipped control text, covered actions, small tap targets and serious axe findings.
 * Every violation of a site and width is listed at once; screenshots of every route go to
 * test-results/layout/{site}-{width}-{locale}-{route}.png.
 */
// Every page as a first-time visitor sees it, the wizard's push offer included (full browser only).
const browser = useBrowser({ browser: 'full' });
const SHOTS = 'test-results/layout';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/**
 * axe runs on every route at the phone width; at the desktop width (it costs ~1.5 s a page)
 * only on the app's own screens, whose desktop layout differs (top nav links, side panes).
 */
const DESKTOP_AXE = new Set([
  'home',
  'login',
  'members',
  'profile',
  'likes',
  'chats',
  'chat-gifs',
  'credits',
  'premium',
  'pricing',
  'account',
  'notifications',
  'reset-password',
  'complaints',
  'match-finder',
  'signup-step0',
]);
/** The German subset (amora, both widths). */
const GERMAN_VISITOR = ['home', 'login', 'members', 'profile', 'pricing'];
const GERMAN_MEMBER = ['members', 'profile', 'likes', 'chats', 'credits', 'premium', 'account', 'notifications'];

/** One audit run: a context per site and width, findings gathered over every route. */
class Audit {
  readonly found: string[] = [];
  /** Milliseconds per route (load + checks), written next to the violations. */
  readonly timings: string[] = [];
  memberId = '2';
  constructor(
    readonly page: Page,
    readonly site: string,
    readonly width: number,
    readonly locale: string,
  ) {}

  /** Loads a route, waits for its islands, checks it and keeps a screenshot; a failure to load is a finding too. */
  async visit(route: Route): Promise<void> {
    const place = { route: route.name, site: this.site, width: this.width, locale: this.locale };
    const started = Date.now();
    try {
      await this.page.goto(`${browser.baseURL}${route.path.replace('{id}', this.memberId)}`, { waitUntil: 'load' });
      await browser.waitForIslands(this.page);
      await this.page.evaluate(() => document.fonts.ready);
      await route.prepare?.(this.page);
      this.found.push(...(await layoutViolations(this.page, place, { axe: this.axeFor(route.name) })));
    } catch (error) {
      this.found.push(
        `${place.route} | ${place.site} | ${place.width} | ${place.locale} | load | ${(error as Error).message.split('\n')[0]}`,
      );
    }
    await this.page
      .screenshot({ path: `${SHOTS}/${this.site}-${this.width}-${this.locale}-${route.name}.png` })
      .catch(() => undefined);
    this.timings.push(`${route.name} ${Date.now() - started}`);
  }

  axeFor(route: string): boolean {
    return this.width < 600 || DESKTOP_AXE.has(route);
  }

  /** Takes the first seeded demo member (ids 1–300, with photos) of the grid the page shows, not one the audit signed up. */
  async pickMember(): Promise<void> {
    this.memberId = (await firstDemoMember(this.page)) ?? this.memberId;
  }

  /** Signs a new member up and audits step 0 and every later step of the wizard on the way. */
  async signUp(): Promise<void> {
    await this.visit({ name: 'signup-step0', path: '/signup' });
    const page = this.page;
    try {
      await walkSignupWizard(page, `audit-${this.site}-${this.width}-${Date.now()}@example.com`, async (shown) => {
        const place = { route: `signup-step${shown}`, site: this.site, width: this.width, locale: this.locale };
        await page.evaluate(() => document.fonts.ready);
        this.found.push(...(await layoutViolations(page, place, { axe: this.axeFor(place.route) })));
        await page.screenshot({ path: `${SHOTS}/${this.site}-${this.width}-${this.locale}-signup-step${shown}.png` });
      });
    } catch (error) {
      this.found.push(
        `signup | ${this.site} | ${this.width} | ${this.locale} | load | ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
}

async function newAuditPage(
  site: AuditSite,
  viewport: { width: number; height: number },
  locale: string,
): Promise<Page> {
  const page = await browser.newSitePage(site.host, { viewport });
  await addCookies(page.context(), site, locale);
  // LAYOUT_AUDIT_BREAK_CSS='main{min-width:500px}' adds a deliberately broken style to every page (to watch the audit fail).
  const broken = process.env.LAYOUT_AUDIT_BREAK_CSS;
  if (broken) {
    // A constructed sheet: the pages' Content-Security-Policy refuses a style element it has no hash of.
    await page.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
    }, broken);
  }
  return page;
}

async function addCookies(context: BrowserContext, site: AuditSite, locale: string): Promise<void> {
  const cookies = [];
  if ('tracking' in site) cookies.push(trackingCookie(site.tracking!, browser.baseURL));
  if (locale !== 'en') cookies.push({ name: 'i18n_redirected', value: locale, url: browser.baseURL });
  if (cookies.length > 0) await context.addCookies(cookies);
}

function report(audit: Audit): void {
  const name = `${audit.site}-${audit.width}-${audit.locale}`;
  fs.writeFileSync(`${SHOTS}/violations-${name}.txt`, audit.found.join('\n') + '\n');
  fs.writeFileSync(`${SHOTS}/timings-${name}.txt`, audit.timings.join('\n') + '\n');
}

fs.mkdirSync(SHOTS, { recursive: true });

describe('layout audit', () => {
  for (const site of SITES) {
    for (const viewport of WIDTHS) {
      it(
        `${site.site} at ${viewport.width}px: every route without overflow, clipping, covered actions, small targets or axe findings`,
        { timeout: 240_000 },
        async () => {
          browser.allowConsoleError(/400|404|500|Internal Server Error/);
          const page = await newAuditPage(site, viewport, 'en');
          const audit = new Audit(page, site.site, viewport.width, 'en');
          await audit.visit(VISITOR_ROUTES[2]!);
          await audit.pickMember();
          for (const route of VISITOR_ROUTES) if (route.name !== 'members') await audit.visit(route);
          await audit.signUp();
          if (site.memberEmail) {
            await page.context().clearCookies();
            await addCookies(page.context(), site, 'en');
            await browser.logIn(page, site.memberEmail);
          }
          for (const route of MEMBER_ROUTES) {
            await audit.visit(route);
            if (route.name === 'members') await audit.pickMember();
          }
          report(audit);
          expect(audit.found).toEqual([]);
        },
      );
    }
  }

  for (const viewport of WIDTHS) {
    it(`amora in German at ${viewport.width}px`, { timeout: 180_000 }, async () => {
      const site = SITES[0]!;
      const page = await newAuditPage(site, viewport, 'de');
      const audit = new Audit(page, site.site, viewport.width, 'de');
      await audit.visit(VISITOR_ROUTES[2]!);
      await audit.pickMember();
      for (const route of VISITOR_ROUTES)
        if (GERMAN_VISITOR.includes(route.name) && route.name !== 'members') await audit.visit(route);
      await audit.visit({ name: 'signup-step0', path: '/signup' });
      await page.context().clearCookies();
      await browser.logIn(page, site.memberEmail!);
      await addCookies(page.context(), site, 'de');
      for (const route of MEMBER_ROUTES) if (GERMAN_MEMBER.includes(route.name)) await audit.visit(route);
      report(audit);
      expect(audit.found).toEqual([]);
    });
  }
});
