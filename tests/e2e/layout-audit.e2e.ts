import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackingCookie, useBrowser } from './browser';
import { layoutViolations } from './layout-checks';

/**
 * The layout audit: every route a visitor or member reaches, on each demo site, at a
 * phone and a desktop width (a subset also in German), checked for horizontal overflow,
 * clipped control text, covered actions, small tap targets and serious axe findings.
 * Every violation of a site and width is listed at once; screenshots of every route go to
 * test-results/layout/{site}-{width}-{locale}-{route}.png.
 */
const browser = useBrowser();
const SHOTS = 'test-results/layout';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SITES = [
  { site: 'amora', host: 'amora.test', memberEmail: 'demo1@amora.test' as string | null },
  // Signups and visitor search there need a traffic source (the tracking cookie a lander sets).
  { site: 'lovelane', host: 'lovelane.test', memberEmail: null, tracking: { network: 'layout-audit' } },
  { site: 'flirtbox', host: 'flirtbox.test', memberEmail: null },
];
const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'faq', 'service', 'return-policy', 'ban'];
const DESIGNS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
];

/** A well-formed link token that matches nothing: the used/expired/invalid-link pages. */
const BAD_TOKEN = 'A'.repeat(43);

/** The route table: name, path (`{id}` = a member of the grid) and what to do before checking. */
interface Route {
  name: string;
  path: string;
  /** Runs after load, before the checks (open a panel…). */
  prepare?: (page: Page) => Promise<void>;
}
const VISITOR_ROUTES: Route[] = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'members', path: '/members' },
  { name: 'members-page2', path: '/members?page=2' },
  { name: 'profile', path: '/members/{id}' },
  { name: 'complaints', path: '/complaints' },
  { name: 'match-finder', path: '/match-finder' },
  { name: 'signup-matches', path: '/signup-matches' },
  { name: 'member-lander', path: '/members/{id}/landing' },
  { name: 'member-lander2', path: '/members/{id}/landing2/de' },
  { name: 'member-signup', path: '/members/{id}/signup' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'reset-password-invalid', path: `/reset-password/do?token=${BAD_TOKEN}` },
  { name: 'mail-change-invalid', path: `/mail-change/do?token=${BAD_TOKEN}` },
  { name: 'complete-signup-invalid', path: `/complete-signup?token=${BAD_TOKEN}` },
  { name: 'unsubscribe-invalid', path: `/unsubscribe?u=1&k=message&s=${BAD_TOKEN}` },
  { name: 'account-deleted', path: '/account-deleted' },
  { name: 'pricing', path: '/pricing' },
  { name: 'pricing-pl', path: '/pricing?country=PL' },
  { name: '404', path: '/no/such/page' },
  { name: 'error', path: '/500' },
  ...STATIC_PAGES.map((name) => ({ name: `page-${name}`, path: `/pages/${name}` })),
  ...DESIGNS.map((design) => ({ name: `lander-${design}`, path: `/landers/${design}/` })),
];
const MEMBER_ROUTES: Route[] = [
  { name: 'members', path: '/members' },
  { name: 'members-page2', path: '/members?page=2' },
  { name: 'profile', path: '/members/{id}' },
  { name: 'likes', path: '/likes' },
  { name: 'likes-given', path: '/likes/given' },
  { name: 'likes-mutual', path: '/likes/mutual' },
  { name: 'chats', path: '/chats' },
  { name: 'chat-gifs', path: '/members/{id}/chat', prepare: openGifPicker },
  { name: 'credits', path: '/credits' },
  { name: 'credits-preselected', path: '/credits/value/creditcard' },
  { name: 'premium', path: '/premium' },
  { name: 'pricing', path: '/pricing' },
  { name: 'account', path: '/profile' },
  { name: 'notifications', path: '/notifications' },
  { name: 'notifications-email-undo', path: '/notifications#email-change-incorrect' },
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

async function openGifPicker(page: Page): Promise<void> {
  const toggle = page.locator('.gif-toggle');
  // click() waits until the conversation has loaded and the toggle is enabled.
  await toggle.click({ timeout: 10_000 });
  await page.locator('[data-testid="gif-grid"] button').first().waitFor({ timeout: 5_000 });
}

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
    await this.page
      .locator('.member-card-link')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    const hrefs = await this.page
      .locator('.member-card-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const id = hrefs.map((href) => Number(/\/(\d+)$/.exec(href)?.[1])).find((n) => n > 0 && n <= 300);
    if (id) this.memberId = String(id);
  }

  /** Signs a new member up and audits step 0 and every later step of the wizard on the way. */
  async signUp(): Promise<void> {
    await this.visit({ name: 'signup-step0', path: '/signup' });
    const page = this.page;
    try {
      await page.fill('input[name="email"]', `audit-${this.site}-${this.width}-${Date.now()}@example.com`);
      await page.locator('input[name="email"]').blur();
      await expect.poll(() => page.inputValue('input[name="name"]')).not.toBe('');
      await page.fill('input[name="name"]', 'Robin');
      await page.fill('input[name="password"]', 'audit-pass-1');
      await page.click('form button[type="submit"]');
      let shown = await this.waitForStep(-1);
      while (shown < 7) {
        const step = page.locator(`[data-testid="step-${shown}"]`);
        const place = { route: `signup-step${shown}`, site: this.site, width: this.width, locale: this.locale };
        await page.evaluate(() => document.fonts.ready);
        this.found.push(...(await layoutViolations(page, place, { axe: this.axeFor(place.route) })));
        await page.screenshot({ path: `${SHOTS}/${this.site}-${this.width}-${this.locale}-signup-step${shown}.png` });
        if (shown === 6) {
          shown = await this.waitForStep(6);
          continue;
        }
        // Skip push and photo; pick a country when none is prefilled; leave the optional answers.
        if (shown === 3 && (await step.locator('select').first().inputValue()) === '')
          await step.locator('select').first().selectOption({ index: 1 });
        await step
          .locator(shown <= 2 ? '.btn-ghost' : '.btn-primary')
          .last()
          .click();
        shown = await this.waitForStep(shown);
      }
      const place = { route: 'signup-step7', site: this.site, width: this.width, locale: this.locale };
      this.found.push(...(await layoutViolations(page, place, { axe: this.axeFor(place.route) })));
      await page.screenshot({ path: `${SHOTS}/${this.site}-${this.width}-${this.locale}-signup-step7.png` });
    } catch (error) {
      this.found.push(
        `signup | ${this.site} | ${this.width} | ${this.locale} | load | ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }

  /** Waits until the wizard shows a step after `previous`; returns its number. */
  private async waitForStep(previous: number): Promise<number> {
    const handle = await this.page.waitForFunction(
      (after) => {
        const step = document.querySelector('.wizard-card [data-testid^="step-"]');
        const n = step ? Number(step.getAttribute('data-testid')!.slice(5)) : -1;
        return n > after ? n : null;
      },
      previous,
      { timeout: 25_000 },
    );
    return (await handle.jsonValue()) as number;
  }
}

async function newAuditPage(
  site: (typeof SITES)[number],
  viewport: { width: number; height: number },
  locale: string,
): Promise<Page> {
  const page = await browser.newSitePage(site.host, { viewport });
  await addCookies(page.context(), site, locale);
  // LAYOUT_AUDIT_BREAK_CSS='main{min-width:500px}' adds a deliberately broken style to every page (to watch the audit fail).
  const broken = process.env.LAYOUT_AUDIT_BREAK_CSS;
  if (broken) {
    await page.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () =>
        document.head.append(Object.assign(document.createElement('style'), { textContent: css })),
      );
    }, broken);
  }
  return page;
}

async function addCookies(context: BrowserContext, site: (typeof SITES)[number], locale: string): Promise<void> {
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
