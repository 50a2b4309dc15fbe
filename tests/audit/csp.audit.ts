import fs from 'node:fs';
import type { BrowserContext, Page, Response } from 'playwright-core';
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

/**
 * The Content-Security-Policy audit (docs/architecture.md §3 security headers): every route of
 * the layout audit on each demo site, as a visitor, through the signup wizard and as a member,
 * with the browser enforcing the policy. Lists every `securitypolicyviolation` event and CSP
 * console message (none may happen), every HTML page whose policy is missing or weak, and every
 * answer of our server (pages, API, event stream, scripts, images) without `nosniff`.
 * The findings of a site go to test-results/csp/violations-{site}.txt.
 */
// Every page as a first-time visitor sees it, the wizard's push offer included (full browser only).
const browser = useBrowser({ browser: 'full' });
const OUT = 'test-results/csp';

/** Directives every page's policy must have, with exactly these sources. */
const REQUIRED = [
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
] as const;

/** What is wrong with a page's policy, or null when it is strict. */
function weakPolicy(policy: string | undefined): string | null {
  if (!policy) return 'no content-security-policy';
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
  for (const [name, value] of REQUIRED) if (directives.get(name) !== value) return `${name} is not ${value}`;
  const scripts = directives.get('script-src');
  if (!scripts) return 'no script-src';
  if (/'unsafe-inline'|'unsafe-eval'|\*|data:|https?:(\s|$)/.test(scripts)) return `loose script-src: ${scripts}`;
  return null;
}

/** One site's run: findings gathered over every route. */
class CspAudit {
  readonly found: string[] = [];
  current = 'start';
  memberId = '2';
  pages = 0;
  answers = 0;

  constructor(
    readonly page: Page,
    readonly site: string,
  ) {}

  /** Starts listening: violations reported by the page, CSP console lines, and our server's answers. */
  async listen(): Promise<void> {
    await this.page.exposeFunction('reportCspViolation', (line: string) =>
      this.found.push(`${this.current} | violation | ${line}`),
    );
    await this.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        );
      });
    });
    this.page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text()))
        this.found.push(`${this.current} | console | ${message.text().slice(0, 300)}`);
    });
    this.page.on('response', (response) => this.checkAnswer(response));
  }

  /** Our server's answer: nosniff always; an HTML page also a strict policy. */
  checkAnswer(response: Response): void {
    // Answers the service worker hands over (navigations it fetched, files it precached) carry our server's headers too.
    if (!response.url().startsWith(browser.baseURL)) return;
    this.answers += 1;
    const headers = response.headers();
    const path = new URL(response.url()).pathname;
    if (headers['x-content-type-options'] !== 'nosniff')
      this.found.push(`${this.current} | nosniff | ${response.status()} ${path}`);
    if (response.request().resourceType() === 'document' && headers['content-type']?.startsWith('text/html')) {
      this.pages += 1;
      const weak = weakPolicy(headers['content-security-policy']);
      if (weak) this.found.push(`${this.current} | policy | ${response.status()} ${path}: ${weak}`);
    }
  }

  /** Loads a route, lets its islands hydrate and its lazy images load, and waits for late reports. */
  async visit(route: Route): Promise<void> {
    this.current = route.name;
    try {
      await this.page.goto(`${browser.baseURL}${route.path.replace('{id}', this.memberId)}`, { waitUntil: 'load' });
      await browser.waitForIslands(this.page);
      await route.prepare?.(this.page);
      await this.settle();
    } catch (error) {
      this.found.push(`${route.name} | load | ${(error as Error).message.split('\n')[0]}`);
    }
  }

  /** Scrolls through the page (lazy images, videos) and back, then gives the reports a moment to arrive. */
  async settle(): Promise<void> {
    await this.page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      window.scrollTo(0, 0);
    });
    await this.page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
}

async function addCookies(context: BrowserContext, site: AuditSite): Promise<void> {
  if ('tracking' in site) await context.addCookies([trackingCookie(site.tracking!, browser.baseURL)]);
}

fs.mkdirSync(OUT, { recursive: true });

describe('Content-Security-Policy on every route', () => {
  for (const site of SITES) {
    it(
      `${site.site}: no violation, a strict policy on every page, nosniff on every answer`,
      { timeout: 240_000 },
      async () => {
        // The 404 and 500 routes and refused discount codes log their status as console errors.
        browser.allowConsoleError(/400|404|500|Internal Server Error/);
        const page = await browser.newSitePage(site.host, { viewport: { width: 1280, height: 800 } });
        await addCookies(page.context(), site);
        const audit = new CspAudit(page, site.site);
        await audit.listen();

        await audit.visit(VISITOR_ROUTES[2]!);
        audit.memberId = (await firstDemoMember(page)) ?? audit.memberId;
        for (const route of VISITOR_ROUTES) if (route.name !== 'members') await audit.visit(route);

        await audit.visit({ name: 'signup-step0', path: '/signup' });
        try {
          await walkSignupWizard(page, `csp-${site.site}-${Date.now()}@example.com`, async (step) => {
            audit.current = `signup-step${step}`;
            await audit.settle();
          });
        } catch (error) {
          audit.found.push(`signup | load | ${(error as Error).message.split('\n')[0]}`);
        }
        if (site.memberEmail) {
          await page.context().clearCookies();
          await addCookies(page.context(), site);
          audit.current = 'login';
          await browser.logIn(page, site.memberEmail);
        }
        for (const route of MEMBER_ROUTES) {
          await audit.visit(route);
          if (route.name === 'members') audit.memberId = (await firstDemoMember(page)) ?? audit.memberId;
        }

        fs.writeFileSync(
          `${OUT}/violations-${site.site}.txt`,
          [`pages ${audit.pages}, answers ${audit.answers}, findings ${audit.found.length}`, ...audit.found].join(
            '\n',
          ) + '\n',
        );
        expect(audit.pages).toBeGreaterThan(VISITOR_ROUTES.length);
        expect(audit.found).toEqual([]);
      },
    );
  }
});
