import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sumOf } from '../helpers/metrics';
import type { PostbackReceiver } from '../helpers/postback-receiver';
import { receiverTemplate, sitesWithAffiliates } from '../helpers/postback-receiver';
import type { E2eBrowser } from './browser';
import { chooseCookies } from './lander-journey';

/**
 * The affiliate journey of the postback tests (docs/product.md §12): paid visits through lander
 * entry links with random tracking values, signup step 0, the activation mail and its link.
 */

/** The networks the test sites tell about signups and activations (each on its own receiver path). */
export const NETWORKS = ['adnet', 'clickhub', 'trafficco'] as const;
const DESIGNS = ['video', 'gallery', 'maplanding', 'iconslanding'] as const;
const LOCALES = ['de', 'fr', 'en', 'nl', 'es', 'it', 'pl'] as const;
const CLICK_PARAMS = ['clickid', 'click_id', 'cid', 'aff_sub'] as const;

/** `affiliates` of the test site: the three networks on `receiver`, and an experiment splitting video and gallery 1:1. */
export function affiliateSettings(receiver: PostbackReceiver) {
  return {
    networks: Object.fromEntries(
      NETWORKS.map((network) => [
        network,
        {
          postback: {
            url: receiverTemplate(receiver.port).replace('/pb?', `/${network}?`),
            events: ['signup', 'activation'],
            payout_cents: { signup: 100, activation: 250 },
          },
        },
      ]),
    ),
    experiments: [
      {
        name: 'e2e',
        variants: [
          { id: 'v', design: 'video', weight: 1 },
          { id: 'g', design: 'gallery', weight: 1 },
        ],
        start: '2026-01-01T00:00:00Z',
      },
    ],
  };
}

/** One paid visit: where it enters, in which language, with which tracking values. */
export interface PaidVisit {
  design: (typeof DESIGNS)[number];
  locale: (typeof LOCALES)[number];
  clickParam: (typeof CLICK_PARAMS)[number];
  values: { network: string; ref: string; sub1: string; sub2: string; sub3: string; clickid: string };
  email: string;
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;
const token = (random: () => number) => Math.floor(random() * 36 ** 6).toString(36);

/** `count` visits with random designs, languages, click-id parameter names and values (some with spaces, `&`, `=` and umlauts). */
export function paidVisits(count: number, tag: string, random: () => number = Math.random): PaidVisit[] {
  return Array.from({ length: count }, (_, i) => ({
    design: DESIGNS[i % DESIGNS.length]!,
    locale: LOCALES[i % LOCALES.length]!,
    clickParam: pick(CLICK_PARAMS, random),
    values: {
      network: NETWORKS[i % NETWORKS.length]!,
      ref: `ref ${token(random)}`,
      sub1: `s1&${token(random)}=x`,
      sub2: `ü-${token(random)}`,
      sub3: token(random),
      clickid: `${tag}-${i}-${token(random)}`,
    },
    email: `${tag}-${i}-${token(random)}@example.com`,
  }));
}

/** The entry link of a visit. */
export function entryUrl(baseURL: string, visit: PaidVisit): string {
  const query = new URLSearchParams({
    network: visit.values.network,
    ref: visit.values.ref,
    sub1: visit.values.sub1,
    sub2: visit.values.sub2,
    sub3: visit.values.sub3,
    [visit.clickParam]: visit.values.clickid,
  });
  return `${baseURL}/landers/${visit.design}/?${query}`;
}

/**
 * Opens the visit's entry link in a fresh browser context of its language, checks the lander and
 * variant it lands on, accepts or declines cookies in its footer or makes no choice (`consent`,
 * docs/product.md §3 Consent: the visit's record reaches the account either way), follows the
 * CTA into /signup and sends step 0. Returns the lander shown and the variant (`e2e:v` / `e2e:g`
 * for video and gallery, else null).
 */
export async function visitAndSignUp(
  browser: E2eBrowser,
  baseURL: string,
  visit: PaidVisit,
  consent: 'granted' | 'denied' | null = 'granted',
): Promise<{ page: Page; lander: string; variant: string | null }> {
  const page = await browser.newPage({ locale: visit.locale, extraHTTPHeaders: { 'accept-language': visit.locale } });
  await page.goto(entryUrl(baseURL, visit));
  const landed = new URL(page.url());
  const [, , lander, slug] = landed.pathname.split('/');
  expect(slug).toBe(visit.locale);
  const variant = landed.searchParams.get('variant');
  if (visit.design === 'video' || visit.design === 'gallery') {
    expect(variant).toBe(lander === 'video' ? 'e2e:v' : 'e2e:g');
  } else {
    expect([lander, variant]).toEqual([visit.design, null]);
  }
  if (consent) await chooseCookies(page, consent);
  const kept = (await page.context().cookies()).find((cookie) => cookie.name === 'amora_tracking');
  expect(kept !== undefined, `tracking cookie with consent ${consent}`).toBe(consent === 'granted');
  await page.locator('a[data-cta]').first().click();
  await page.waitForURL('**/signup?**');
  await browser.waitForIslands(page);
  const created = page.waitForResponse((response) => response.url().includes('/api/user.php?new=1'));
  await page.fill('input[name="email"]', visit.email);
  await page.locator('input[name="email"]').blur();
  await expect.poll(() => page.locator('input[name="name"]').inputValue()).not.toBe('');
  await page.fill('input[name="name"]', 'Robin');
  await page.fill('input[name="password"]', 'affiliate-pass');
  await page.click('form button[type="submit"]');
  expect((await created).status()).toBe(200);
  return { page, lander: lander!, variant };
}

/** Asks for the activation mail the way the wizard's step 6 does (the member's session in `page`). */
export async function requestActivationMail(page: Page, baseURL: string): Promise<void> {
  const response = await page.request.get(`${baseURL}/api/activate.php`, { headers: { 'package-name': 'amora' } });
  expect(response.status()).toBe(200);
}

/** The postbacks `receiver` accepted (a 2xx the sender saw) for a click id, by event. */
export function acceptedFor(receiver: PostbackReceiver, clickid: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of receiver.accepted.filter((each) => each.query.cid === clickid))
    counts[request.query.event!] = (counts[request.query.event!] ?? 0) + 1;
  return counts;
}

const POSTBACK_METRICS_TOKEN = 'e2e-postbacks-metrics-0123456789';

/** Postback rows the server at `baseURL` still has to send (its `/metrics`, docs/architecture.md §5 Metrics). */
export async function pendingPostbacksAt(baseURL: string): Promise<number> {
  const scrape = await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${POSTBACK_METRICS_TOKEN}` } });
  expect(scrape.status).toBe(200);
  return sumOf(await scrape.text(), 'amora_outbox_pending', { queue: 'postback' });
}

/** The server settings of the postback tests: the sites with `affiliateSettings`, mails to `smtp`, quick retries. */
export function affiliateServerEnv(receiver: PostbackReceiver, smtpUrl: string): Record<string, string> {
  return {
    SITES_DIR: sitesWithAffiliates({ amora: affiliateSettings(receiver) }),
    SMTP_URL: smtpUrl,
    // pendingPostbacksAt reads the postback queue from /metrics.
    METRICS_TOKEN: POSTBACK_METRICS_TOKEN,
    POSTBACK_RETRY_BASE_MS: '300',
    POSTBACK_TIMEOUT_MS: '1500',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
    // Every sign-up checks its e-mail address once or more, all from 127.0.0.1.
    RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN: '1000',
    // The refused attempts are logged as warnings; the tests make them on purpose.
    LOG_LEVEL: 'error',
  };
}

/** The path and query of the activation link mailed to `email`, once it arrived. */
export async function activationLinkPath(
  received: { to?: { address?: string }[]; text?: string | false }[],
  email: string,
): Promise<string> {
  await expect.poll(() => received.some((mail) => mail.to?.[0]?.address === email), { timeout: 30_000 }).toBe(true);
  const mail = received.find((each) => each.to?.[0]?.address === email)!;
  const link = new URL(/https?:\/\/\S+\/activate\/confirm\?token=[\w-]+/.exec(mail.text || '')![0]);
  return `${link.pathname}${link.search}`;
}

/** What each visit showed: the lander and variant it landed on, by click id. */
export type ShownLanders = Map<string, { lander: string; variant: string | null }>;

/**
 * Checks that the network accepted exactly one signup and one activation postback per visit, with
 * the visit's values and the lander and variant it showed, after refusing each event's first two
 * attempts; then, once the server holds no pending postback (`pendingPostbacks()`: rows still to
 * send, leased ones included, so nothing can arrive after it reads 0), that nothing more arrived.
 */
export async function expectDeliveredOnce(
  receiver: PostbackReceiver,
  visits: PaidVisit[],
  shown: ShownLanders,
  pendingPostbacks: () => Promise<number>,
): Promise<void> {
  await expect.poll(() => receiver.accepted.length, { timeout: 90_000, interval: 1000 }).toBe(2 * visits.length);
  for (const visit of visits) {
    expect(acceptedFor(receiver, visit.values.clickid), visit.email).toEqual({ signup: 1, activation: 1 });
    const signup = receiver.accepted.find(
      (each) => each.query.cid === visit.values.clickid && each.query.event === 'signup',
    )!;
    const { lander, variant } = shown.get(visit.values.clickid)!;
    expect(signup.path).toBe(`/${visit.values.network}`);
    expect(signup.query).toMatchObject({
      net: visit.values.network,
      ref: visit.values.ref,
      s1: visit.values.sub1,
      s2: visit.values.sub2,
      s3: visit.values.sub3,
      lander,
      variant: variant ?? '',
      payout: '1.00',
    });
    expect(receiver.received.filter((each) => each.query.id === signup.query.id).length).toBeGreaterThanOrEqual(3);
  }
  // Nothing more arrives later (no second delivery of the held or any other postback): every
  // postback row is settled, so no sender has anything left to send.
  await expect.poll(pendingPostbacks, { timeout: 30_000, interval: 500 }).toBe(0);
  expect(receiver.accepted).toHaveLength(2 * visits.length);
}

/** The tracking record each visit's account must hold: the visit's values with the lander and variant it showed. */
export function expectedTracking(visit: PaidVisit, shown: ShownLanders): Record<string, string> {
  const { lander, variant } = shown.get(visit.values.clickid)!;
  return { ...visit.values, lander, ...(variant ? { variant } : {}) };
}
