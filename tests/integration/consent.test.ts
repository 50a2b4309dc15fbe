import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDuePostbacks } from '../../src/server/affiliates/deliver-postbacks';
import { conversions, users } from '../../src/server/db/schema';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { chooseConsent } from '../../src/server/http/consent-choice';
import { mayPersistFor, trackingFromUrl } from '../../src/server/http/tracking-cookie';
import { loadSites } from '../../src/server/platform/sites/load-sites';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import {
  receiverTemplate,
  sitesWithAffiliates,
  SPRING_EXPERIMENT,
  startPostbackReceiver,
  type PostbackReceiver,
} from '../helpers/postback-receiver';

// docs/product.md §3 Consent: what the server keeps, and what still reaches the account, with and without consent.
let receiver: PostbackReceiver;
let sitesDir = '';
beforeAll(async () => {
  receiver = await startPostbackReceiver({ failFirst: 0 });
  sitesDir = sitesWithAffiliates({
    amora: {
      networks: { adnet: { postback: { url: receiverTemplate(receiver.port), events: ['signup'] } } },
      experiments: [SPRING_EXPERIMENT],
    },
  });
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => receiver.reset());
const { ctx } = useTestContext(() => ({ SITES_DIR: sitesDir }));

let signups = 0;
/** Step 0 of signup as the wizard sends it from a page with `query`, with the request's `cookie`. */
async function signup(query: string, cookie?: string) {
  signups += 1;
  const email = `consent${signups}@example.com`;
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    packageName: 'amora',
    body: { email, name: 'Pia', password: 'secret-pass', country: 'DE', language: 'de', form_path: '/signup', query },
    ...(cookie ? { cookie } : {}),
  });
  expect(created.status).toBe(200);
  const [row] = await ctx()
    .db.select({ id: users.id, tracking: users.tracking })
    .from(users)
    .where(eq(users.email, email));
  return row!;
}

describe('consent (docs/product.md §3 Consent)', () => {
  it("a visitor without any cookie who signs up from the lander's URL gets the visit's record on the account and in the postback", async () => {
    const account = await signup(
      '?network=adnet&ref=r1&sub1=a%26b&sub2=x&sub3=y&click_id=ck-9&lander=gallery&variant=spring%3Ab&utm=z',
    );
    const record = { network: 'adnet', ref: 'r1', sub1: 'a&b', sub2: 'x', sub3: 'y', clickid: 'ck-9' };
    expect(account.tracking).toEqual({ ...record, lander: 'gallery', variant: 'spring:b' });
    const [conversion] = await ctx().db.select().from(conversions).orderBy(asc(conversions.id));
    expect(conversion).toMatchObject({ userId: account.id, event: 'signup', network: 'adnet', lander: 'gallery' });
    expect(await deliverDuePostbacks(ctx())).toEqual({ attempts: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.query).toMatchObject({
      cid: 'ck-9',
      net: 'adnet',
      ref: 'r1',
      s1: 'a&b',
      s2: 'x',
      s3: 'y',
      event: 'signup',
      lander: 'gallery',
      variant: 'spring:b',
    });
  });

  it("with consent, as before: the cookie's record counts, a query with only lander and variant updates it, a new click replaces it", async () => {
    const cookie = `amora_consent=granted; amora_tracking=${encodeURIComponent('{"network":"adnet","clickid":"old"}')}`;
    expect((await signup('', cookie)).tracking).toEqual({ network: 'adnet', clickid: 'old' });
    expect((await signup('?lander=video&variant=spring%3Aa', cookie)).tracking).toEqual({
      network: 'adnet',
      clickid: 'old',
      lander: 'video',
      variant: 'spring:a',
    });
    expect((await signup('?network=other&sub1=s', cookie)).tracking).toEqual({ network: 'other', sub1: 's' });
  });

  it('refuses an over-long query like any other field, and loses nothing', async () => {
    const refused = await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'POST',
      query: { new: 1 },
      packageName: 'amora',
      body: {
        email: 'long@example.com',
        name: 'Pia',
        password: 'secret-pass',
        language: 'de',
        query: 'x'.repeat(2049),
      },
    });
    expect(refused.status).toBe(422);
    expect(await ctx().db.$count(users, eq(users.email, 'long@example.com'))).toBe(0);
  });
});

describe('the tracking cookie follows the choice (docs/product.md §3 Consent)', () => {
  const amora = loadSites(path.resolve(import.meta.dirname, '../../config/sites')).byPackageName.get('amora')!;
  const url = new URL('http://localhost/signup?network=adnet&sub1=s');
  const request = (cookie: string) => new Request(url, { headers: { cookie } });

  it('the demo sites ask; without a yes nothing is set, with it the 30-day cookie, and a site that does not ask keeps it as before', () => {
    expect(amora.consent_required).toBe(true);
    for (const cookie of ['', 'amora_consent=denied', 'amora_consent=GRANTED', 'amora_consent=granted%00']) {
      expect(mayPersistFor(amora, request(cookie))).toBe(false);
      expect(trackingFromUrl(url, request(cookie), amora, false)).toEqual({
        record: { network: 'adnet', sub1: 's' },
        setCookie: null,
      });
    }
    expect(trackingFromUrl(url, request('amora_consent=granted'), amora, false)?.setCookie).toMatch(
      /^amora_tracking=.*Max-Age=2592000/,
    );
    expect(trackingFromUrl(url, request(''), { consent_required: false }, false)?.setCookie).toMatch(
      /^amora_tracking=/,
    );
  });
});

describe("POST /consent, the footer's choice (docs/product.md §3 Consent)", () => {
  const amora = loadSites(path.resolve(import.meta.dirname, '../../config/sites')).byPackageName.get('amora')!;
  const lander = 'http://localhost:4321/landers/video/de?network=adnet&sub1=s&lander=video';
  const post = (choice: string | null, headers: Record<string, string> = {}) =>
    chooseConsent(
      new Request('http://localhost:4321/consent', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: lander, ...headers },
        body: choice === null ? '' : new URLSearchParams({ choice }).toString(),
      }),
      amora,
      false,
    );
  const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);

  it("accept: keeps the choice 180 days and the page's tracking record 30 days, and goes back to the page", async () => {
    const response = await post('granted', { origin: 'http://localhost:4321' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/landers/video/de?network=adnet&sub1=s&lander=video');
    const [consent, tracking] = response.headers.getSetCookie();
    expect(consent).toMatch(/^amora_consent=granted; Max-Age=15552000; Path=\/; .*SameSite=Lax/);
    expect(tracking).toMatch(/^amora_tracking=.*Max-Age=2592000/);
    expect(JSON.parse(decodeURIComponent(tracking!.split(';')[0]!.slice('amora_tracking='.length)))).toEqual({
      network: 'adnet',
      sub1: 's',
      lander: 'video',
    });
  });

  it('decline: keeps the choice and removes the tracking and experiment cookies', async () => {
    const response = await post('denied', { cookie: 'amora_tracking=x; amora_ab=y' });
    expect(response.status).toBe(303);
    expect(cookiesOf(response)).toEqual(['amora_consent=denied', 'amora_tracking=', 'amora_ab=']);
    expect(
      response.headers
        .getSetCookie()
        .slice(1)
        .every((cookie) => cookie.includes('Max-Age=0')),
    ).toBe(true);
  });

  it('changes nothing for a cross-site form, a missing or unknown choice; goes home from a foreign page', async () => {
    const forged = await post('granted', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect([forged.status, cookiesOf(forged)]).toEqual([403, []]);
    for (const choice of [null, 'yes', 'GRANTED']) {
      const bad = await post(choice);
      expect([bad.status, cookiesOf(bad)]).toEqual([400, []]);
    }
    const elsewhere = await post('denied', { referer: 'https://evil.example/x?y=1' });
    expect(elsewhere.headers.get('location')).toBe('/');
  });
});
