import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { xcamsSearchEndpoint } from '../../src/server/http/endpoints/xcams';
import { partnerRedirect } from '../../src/server/http/partner-redirect';
import { getUserView } from '../../src/server/members/profile-view';
import { canSeeWebcams } from '../../src/server/xcams/webcams';
import { openSearchCams, openSearchPage, PAGE_CAMS_WAIT_MS } from '../../src/server/pages/open-search-page';
import { camQueryOf } from '../../src/shared/cam-query';
import { WEBCAM_DELAY_MS } from '../../src/shared/rules/member-rules';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();
const NOW = Date.parse('2026-11-21T12:00:00Z');

/** A logged-in member who signed up `ageMs` before the test clock. */
async function member(name: string, ageMs: number, paid = false, site = 'amora') {
  const m = await loggedInMember(ctx(), name, { site });
  await ctx()
    .db.update(users)
    .set({ createdAt: new Date(NOW - ageMs), paidUser: paid })
    .where(eq(users.id, m.id));
  return m;
}
const camSearch = (cookie: string | undefined, query: Record<string, string | number> = {}, packageName = 'amora') =>
  callApi(ctx(), xcamsSearchEndpoint, '/api/xcams/search.php', { cookie, query, packageName });
const redirect = (path: string, cookie?: string) =>
  partnerRedirect(
    ctx(),
    new Request(new URL(path, ORIGIN), { headers: cookie ? { cookie } : {} }),
    path.includes('resell') ? 'resell' : 'cam',
  );

describe('webcam cards (docs/product.md §6 eligibility, §7 xcams)', () => {
  it('serves cams only to a logged-in, non-paid member older than 4 days on a site with camads or resell', async () => {
    const old = await member('Old', WEBCAM_DELAY_MS + 60_000);
    const fresh = await member('Fresh', WEBCAM_DELAY_MS - 60_000);
    const paid = await member('Paid', WEBCAM_DELAY_MS * 3, true);

    const ok = await camSearch(old.cookie, { gender: 'female', min_age: 26, max_age: 35 });
    expect(ok.status).toBe(200);
    expect(ok.json.cams.length).toBeGreaterThan(0);
    for (const cam of ok.json.cams) {
      expect(cam.gender).toBe('female');
      expect(cam.age).toBeGreaterThanOrEqual(26);
      expect(cam.age).toBeLessThanOrEqual(35);
      expect(cam.image).toMatch(/^\/media\/demo\/v3\/female\/0[01]\d-thumb\.webp$/);
    }
    expect((await camSearch(undefined)).status).toBe(403);
    expect((await camSearch(fresh.cookie)).json.error.code).toBe('webcams_not_available');
    expect((await camSearch(paid.cookie)).json.error.code).toBe('webcams_not_available');
    // flirtbox allows neither resell cams nor camads.
    const flirtbox = await member('Flirt', WEBCAM_DELAY_MS + 60_000, false, 'flirtbox');
    expect((await camSearch(flirtbox.cookie, {}, 'flirtbox')).json.error.code).toBe('webcams_not_available');
    // The 4 days are counted on the server clock: the fresh member becomes eligible.
    clock.advance(120_000);
    expect((await camSearch(fresh.cookie)).status).toBe(200);
  });

  it('treats a premium member as paid, like the user response’s paid_user, and serves cams again after premium ends', async () => {
    const premium = await member('Premium', WEBCAM_DELAY_MS * 3);
    const premiumUntil = new Date(clock.now().getTime() + 60_000);
    await ctx().db.update(users).set({ premiumUntil }).where(eq(users.id, premium.id));
    expect((await getUserView(ctx(), premium.id))?.paid_user).toBe(true);
    expect((await camSearch(premium.cookie)).json.error.code).toBe('webcams_not_available');
    expect(await canSeeWebcams(ctx(), ctx().sites.byPackageName.get('amora')!, premium.id)).toBe(false);
    const resell = await redirect('/api/resellpartner.php?flow=profile-search&redirect=1', premium.cookie);
    expect(resell.headers.get('location')).not.toMatch(/partner\.example\.com/);

    clock.set(premiumUntil);
    expect((await getUserView(ctx(), premium.id))?.paid_user).toBe(false);
    expect((await camSearch(premium.cookie)).status).toBe(200);
  });

  it('refuses bad filters with the contract error', async () => {
    const old = await member('Old', WEBCAM_DELAY_MS * 2);
    expect((await camSearch(old.cookie, { min_age: 12 })).status).toBe(422);
    expect((await camSearch(old.cookie, { foo: 1 })).status).toBe(400);
  });

  it('redirects to the room of a listed account and to the resell partner, never elsewhere', async () => {
    const old = await member('Old', WEBCAM_DELAY_MS * 2);
    const fresh = await member('Fresh', 1000);
    const { cams } = (await camSearch(old.cookie)).json;
    const account = cams[0].account as string;

    const room = await redirect(`/api/xcams/redirect.php?account=${account}`, old.cookie);
    expect(room.status).toBe(302);
    expect(room.headers.get('location')).toBe(`https://cams.example.com/room/${account}?aff=amora`);
    expect((await redirect('/api/xcams/redirect.php?account=nobody_here', old.cookie)).headers.get('location')).toBe(
      '/members',
    );
    expect((await redirect(`/api/xcams/redirect.php?account=${account}`, fresh.cookie)).headers.get('location')).toBe(
      '/members',
    );
    expect((await redirect(`/api/xcams/redirect.php?account=${account}`)).headers.get('location')).toBe('/members');
    expect((await redirect('/api/xcams/redirect.php?account=https://evil.test/', old.cookie)).status).toBe(400);

    const resell = await redirect('/api/resellpartner.php?flow=profile-search&redirect=1', old.cookie);
    expect(resell.headers.get('location')).toBe('https://partner.example.com/go?flow=profile-search&aff=amora');
    expect((await redirect('/api/resellpartner.php?flow=other&redirect=1', old.cookie)).status).toBe(400);
  });
});

describe('the cams of the first /members page in its HTML (docs/product.md §6 webcam cards)', () => {
  const site = () => ctx().sites.byPackageName.get('amora')!;
  const firstPage = (viewerId: number | null, search = '?gender=female&min_age=26&max_age=35') =>
    openSearchPage(ctx(), { url: new URL(`/members${search}`, ORIGIN), viewerId, countries: site().countries });
  /** What the page asks beside its search: may this viewer see cams. */
  const eligible = async (viewerId: number | null) =>
    viewerId !== null && (await canSeeWebcams(ctx(), site(), viewerId));

  it("brings what the island's cam search would answer for the first page's filters, under the key the store uses", async () => {
    const old = await member('Old', WEBCAM_DELAY_MS * 2);
    const first = await firstPage(old.id);
    const cams = await openSearchCams(ctx(), site(), await eligible(old.id), first);
    const api = await camSearch(old.cookie, { gender: 'female', min_age: 26, max_age: 35 });
    expect(cams?.cams.length).toBeGreaterThan(0);
    expect(cams).toEqual({ key: camQueryOf(first!.response.filter_options).key, cams: api.json.cams });
  });

  it('brings none for a visitor, a member who may not see cams, or without a first page', async () => {
    const fresh = await member('Fresh', 1000);
    const old = await member('Old', WEBCAM_DELAY_MS * 2);
    expect(await openSearchCams(ctx(), site(), await eligible(null), await firstPage(null))).toBeNull();
    expect(await openSearchCams(ctx(), site(), await eligible(fresh.id), await firstPage(fresh.id))).toBeNull();
    expect(await openSearchCams(ctx(), site(), await eligible(old.id), null)).toBeNull();
  });

  it('does not hold the page for a slow feed: past the wait the island loads the cams itself', async () => {
    const old = await member('Old', WEBCAM_DELAY_MS * 2);
    const first = await firstPage(old.id);
    const slow = {
      ...ctx(),
      cams: {
        kind: 'demo' as const,
        search: () => new Promise<never[]>((resolve) => setTimeout(() => resolve([]), PAGE_CAMS_WAIT_MS * 5)),
        find: async () => null,
      },
    };
    // Waiting for the feed would give its answer (no cams, but a key); null says the page went on without it.
    expect(await openSearchCams(slow, site(), await eligible(old.id), first)).toBeNull();
  });
});
