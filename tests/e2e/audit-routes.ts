import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The routes a visitor or member reaches, on each demo site: the layout audit
 * (tests/audit/layout-audit.audit.ts) and the Content-Security-Policy audit (tests/audit/csp.audit.ts) walk them all.
 */

/** The demo sites; lovelane needs a traffic source (the tracking cookie a lander sets) for signups and visitor search. */
export const SITES = [
  { site: 'amora', host: 'amora.test', memberEmail: 'demo1@amora.test' as string | null },
  { site: 'lovelane', host: 'lovelane.test', memberEmail: null, tracking: { network: 'layout-audit' } },
  { site: 'flirtbox', host: 'flirtbox.test', memberEmail: null },
];
export type AuditSite = (typeof SITES)[number];

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
export interface Route {
  name: string;
  path: string;
  /** Runs after load, before the checks (open a panel…). */
  prepare?: (page: Page) => Promise<void>;
}
export const VISITOR_ROUTES: Route[] = [
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
export const MEMBER_ROUTES: Route[] = [
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

async function openGifPicker(page: Page): Promise<void> {
  const toggle = page.locator('.gif-toggle');
  // click() waits until the conversation has loaded and the toggle is enabled.
  await toggle.click({ timeout: 10_000 });
  await page.locator('[data-testid="gif-grid"] button').first().waitFor({ timeout: 5_000 });
}

/** The first seeded demo member (ids 1–300, with photos) of the grid the page shows, not one an audit signed up; null if none. */
export async function firstDemoMember(page: Page): Promise<string | null> {
  await page
    .locator('.member-card-link')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  const hrefs = await page
    .locator('.member-card-link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const id = hrefs.map((href) => Number(/\/(\d+)$/.exec(href)?.[1])).find((n) => n > 0 && n <= 300);
  return id ? String(id) : null;
}

/** Waits until the wizard shows a step after `previous`; returns its number. */
async function waitForStep(page: Page, previous: number): Promise<number> {
  const handle = await page.waitForFunction(
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

/**
 * Signs a new member up through the wizard on the open /signup page (step 0 shown):
 * sends step 0 with `email`, then calls `atStep` on every later step as it is shown (1 to 7)
 * and moves on, skipping push and photo, picking a country when none is prefilled and leaving
 * the optional answers.
 */
export async function walkSignupWizard(
  page: Page,
  email: string,
  atStep: (step: number) => Promise<void>,
): Promise<void> {
  await page.fill('input[name="email"]', email);
  await page.locator('input[name="email"]').blur();
  await expect.poll(() => page.inputValue('input[name="name"]')).not.toBe('');
  await page.fill('input[name="name"]', 'Robin');
  await page.fill('input[name="password"]', 'audit-pass-1');
  await page.click('form button[type="submit"]');
  let shown = await waitForStep(page, -1);
  while (shown < 7) {
    const step = page.locator(`[data-testid="step-${shown}"]`);
    await atStep(shown);
    if (shown === 6) {
      shown = await waitForStep(page, 6);
      continue;
    }
    if (shown === 3 && (await step.locator('select').first().inputValue()) === '')
      await step.locator('select').first().selectOption({ index: 1 });
    await step
      .locator(shown <= 2 ? '.btn-ghost' : '.btn-primary')
      .last()
      .click();
    shown = await waitForStep(page, shown);
  }
  await atStep(7);
}

/**
 * The operator console's pages (docs/product.md §13), audited as an admin (every section opens)
 * by tests/audit/console-layout.audit.ts on each demo site; `{id}` = demo member 1.
 */
export const CONSOLE_ROUTES: Route[] = [
  { name: 'console-dashboard', path: '/admin' },
  { name: 'console-reports', path: '/admin/reports' },
  { name: 'console-photos', path: '/admin/photos' },
  { name: 'console-members', path: '/admin/members' },
  { name: 'console-member', path: '/admin/members/{id}' },
  { name: 'console-payments', path: '/admin/payments' },
  { name: 'console-affiliates', path: '/admin/affiliates' },
  { name: 'console-audit', path: '/admin/audit' },
  { name: 'console-operators', path: '/admin/operators' },
];
/** Console pages without an operator session. */
export const CONSOLE_VISITOR_ROUTES: Route[] = [
  { name: 'console-login', path: '/admin/login' },
  { name: 'console-setup-incomplete', path: '/admin/setup' },
];
