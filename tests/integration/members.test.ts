import { describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { profileEndpoint, searchEndpoint } from '../../src/server/http/endpoints/search';
import { settingsEndpoint } from '../../src/server/http/endpoints/settings';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage, createMember, MEMBER_PASSWORD } from '../helpers/factories';
import { eq } from 'drizzle-orm';

const { ctx, clock } = useTestContext();
const search = (query: Record<string, string | number> = {}, options = {}) =>
  callApi(ctx(), searchEndpoint, '/api/search.php', { query, ...options });

describe('GET /api/search.php', () => {
  it('pages 12 at a time, most recently active first, with the total', async () => {
    for (let i = 0; i < 30; i++) {
      await createMember(ctx(), { name: `M${i}`, lastActiveAt: new Date(Date.UTC(2026, 10, 1, 0, i)) });
    }
    const first = await search();
    expect(first.status).toBe(200);
    expect(first.json.profiles).toHaveLength(12);
    expect(first.json.paging).toEqual({ num_results: 30, page: 1, pp: 12, num_pages: 3 });
    expect(first.json.profiles[0].name).toBe('M29');
    const third = await search({ page: 3 });
    expect(third.json.profiles.map((p: { name: string }) => p.name)).toEqual(['M5', 'M4', 'M3', 'M2', 'M1', 'M0']);
  });

  it('filters by gender, country, region and age bucket', async () => {
    await createMember(ctx(), {
      name: 'Lisa',
      gender: 'female',
      country: 'NL',
      countryregion: 'NH',
      dateOfBirth: '2001-01-01',
    });
    await createMember(ctx(), {
      name: 'Jan',
      gender: 'male',
      country: 'NL',
      countryregion: 'NH',
      dateOfBirth: '2001-01-01',
    });
    await createMember(ctx(), {
      name: 'Eva',
      gender: 'female',
      country: 'NL',
      countryregion: 'UT',
      dateOfBirth: '1980-01-01',
    });
    await createMember(ctx(), { name: 'Hans', gender: 'male', country: 'DE', dateOfBirth: '1960-06-01' });
    const names = async (query: Record<string, string | number>) =>
      (await search(query)).json.profiles.map((p: { name: string }) => p.name).sort();
    expect(await names({ gender: 'female' })).toEqual(['Eva', 'Lisa']);
    expect(await names({ country: 'NL', countryregion: 'NH' })).toEqual(['Jan', 'Lisa']);
    expect(await names({ min_age: 18, max_age: 25 })).toEqual(['Jan', 'Lisa']);
    expect(await names({ min_age: 46, max_age: 55 })).toEqual(['Eva']);
    expect(await names({ min_age: 66 })).toEqual(['Hans']);
    const filtered = await search({ gender: 'male', country: 'DE' });
    expect(filtered.json.filter_options).toEqual({ gender: 'male', country: 'DE' });
    expect(filtered.json.paging.num_results).toBe(1);
  });

  it('never exposes private fields and leaves out the searcher', async () => {
    const me = await createMember(ctx(), { name: 'Me', email: 'me@example.com' });
    const other = await createMember(ctx(), { name: 'Other' });
    await addImage(ctx(), other);
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'me@example.com', password: MEMBER_PASSWORD },
    });
    const result = await search({}, { cookie: sessionCookieFrom(login.cookies) });
    expect(result.json.profiles.map((p: { id: number }) => p.id)).toEqual([other]);
    const card = result.json.profiles[0];
    expect(card).not.toHaveProperty('date_of_birth');
    expect(card).not.toHaveProperty('email');
    expect(card.age).toBe(31);
    expect(card.main_image.thumb_filename).toBe(`p/${other}-0-t.webp`);
    expect(me).toBeGreaterThan(0);
  });

  it('is refused to visitors where logged-out search is off', async () => {
    const refused = await search({}, { packageName: 'lovelane' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('search_not_allowed');
    expect((await search({ trafficsource: 'adnet' }, { packageName: 'lovelane' })).status).toBe(200);
  });
});

describe('GET /api/profile.php', () => {
  it('returns a public profile and 404 for unknown or hidden members', async () => {
    const id = await createMember(ctx(), { name: 'Lisa', personal: 'Hi there' });
    const found = await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id } });
    expect(found.status).toBe(200);
    expect(found.json.profile).toMatchObject({ id, name: 'Lisa', personal: 'Hi there', country: 'NL' });
    expect(found.json.profile).not.toHaveProperty('date_of_birth');
    expect((await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id: 9999 } })).status).toBe(404);
    await ctx().db.update(profiles).set({ isVisible: false }).where(eq(profiles.id, id));
    expect((await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id } })).status).toBe(404);
    expect((await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id: 'x' } })).status).toBe(422);
  });
});

describe('GET /api/settings.php', () => {
  it('returns the requesting site settings with region data', async () => {
    const amora = await callApi(ctx(), settingsEndpoint, '/api/settings.php');
    expect(amora.json).toMatchObject({ package_name: 'amora', template: 'classic', signups: 'all', niche: 1 });
    expect(amora.json.region_data.NL).toContainEqual({ id: 'NH', name: 'North Holland' });
    // Region names follow the visitor's locale.
    const german = await callApi(ctx(), settingsEndpoint, '/api/settings.php', {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(german.json.region_data.DE).toContainEqual({ id: 'BY', name: 'Bayern' });
    const dutch = await callApi(ctx(), settingsEndpoint, '/api/settings.php', {
      headers: { cookie: 'i18n_redirected=nl' },
    });
    expect(dutch.json.region_data.NL).toContainEqual({ id: 'NH', name: 'Noord-Holland' });
    const lovelane = await callApi(ctx(), settingsEndpoint, '/api/settings.php', { packageName: 'lovelane' });
    expect(lovelane.json).toMatchObject({ template: 'lavish', domain_language: 'nl', niche: 6 });
  });
});

describe('search counts', () => {
  it('are cached per filter set for a short time, and never count the searcher', async () => {
    const me = await createMember(ctx(), { name: 'Me', email: 'me@example.com', gender: 'male' });
    await createMember(ctx(), { name: 'A', gender: 'female' });
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'me@example.com', password: MEMBER_PASSWORD },
    });
    const cookie = sessionCookieFrom(login.cookies);
    expect((await search({}, { cookie })).json.paging.num_results).toBe(1);
    expect((await search({})).json.paging.num_results).toBe(2);
    await createMember(ctx(), { name: 'B', gender: 'female' });
    // Within the cache time the count stays; a member's list is live (a visitor's page is cached too).
    const cached = await search({}, { cookie });
    expect(cached.json.paging.num_results).toBe(1);
    expect(cached.json.profiles).toHaveLength(2);
    ctx().searchCountCache.clear();
    ctx().searchCursorCache.clear();
    ctx().searchPageCache.clear();
    expect((await search({})).json.paging.num_results).toBe(3);
    expect((await search({ gender: 'female' }, { cookie })).json.paging.num_results).toBe(2);
    expect(me).toBeGreaterThan(0);
  });
});

describe('site countries', () => {
  it("search only the site's countries unless searchAllCountries or a country filter is set", async () => {
    await createMember(ctx(), { name: 'Hans', country: 'DE' });
    await createMember(ctx(), { name: 'Joe', country: 'US' });
    const names = async (query: Record<string, string | number>, packageName = 'flirtbox') =>
      (await search(query, { packageName })).json.profiles.map((p: { name: string }) => p.name).sort();
    expect(await names({})).toEqual(['Hans']);
    expect(await names({ searchAllCountries: 1 })).toEqual(['Hans', 'Joe']);
    expect(await names({ country: 'US' })).toEqual(['Joe']);
    expect(await names({}, 'amora')).toEqual(['Hans', 'Joe']);
  });
});

describe('similar results (docs/product.md §2 similarpage, §9)', () => {
  it('widen the age by 5 years, ignore the region, add the neighbour country, and leave out the main results', async () => {
    await createMember(ctx(), { name: 'Exact', country: 'NL', countryregion: 'NH', dateOfBirth: '1996-06-01' }); // 30
    await createMember(ctx(), { name: 'OtherRegion', country: 'NL', countryregion: 'UT', dateOfBirth: '1996-06-01' });
    await createMember(ctx(), { name: 'Older', country: 'NL', countryregion: 'NH', dateOfBirth: '1988-06-01' }); // 38
    await createMember(ctx(), { name: 'Belgian', country: 'BE', dateOfBirth: '1996-06-01' });
    await createMember(ctx(), { name: 'TooOld', country: 'NL', countryregion: 'NH', dateOfBirth: '1980-06-01' }); // 46
    await createMember(ctx(), { name: 'German', country: 'DE', dateOfBirth: '1996-06-01' });
    const filters = { country: 'NL', countryregion: 'NH', min_age: 26, max_age: 35 };
    const names = async (query: Record<string, string | number>) =>
      (await search(query)).json.profiles.map((p: { name: string }) => p.name).sort();
    expect(await names(filters)).toEqual(['Exact']);
    const similar = await search({ ...filters, similarpage: 1 });
    expect(similar.json.profiles.map((p: { name: string }) => p.name).sort()).toEqual([
      'Belgian',
      'Older',
      'OtherRegion',
    ]);
    expect(similar.json.filter_options).toEqual({ min_age: 21, max_age: 40 });
    expect(similar.json.paging.num_results).toBe(3);
  });
});

describe("visitors' page cache", () => {
  it('gives visitors one shared answer for 10 s, then the new one; members always get their live list', async () => {
    await createMember(ctx(), { name: 'A', gender: 'female', country: 'DE' });
    const viewer = await createMember(ctx(), { name: 'Me', email: 'viewer@example.com', gender: 'male' });
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'viewer@example.com', password: MEMBER_PASSWORD },
    });
    const cookie = sessionCookieFrom(login.cookies);
    const names = async (options: Parameters<typeof search>[1] = {}) =>
      (await search({ gender: 'female' }, options)).json.profiles.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['A']);
    await createMember(ctx(), { name: 'B', gender: 'female', country: 'DE', lastActiveAt: new Date() });
    clock.advance(9_000);
    expect(await names()).toEqual(['A']);
    expect(await names({ cookie })).toEqual(['B', 'A']);
    // Another page, filter set or site is another answer.
    expect((await search({ gender: 'female', page: 2 })).json.profiles).toEqual([]);
    expect(await names({ packageName: 'flirtbox' })).toEqual(['B', 'A']);
    clock.advance(2_000);
    expect(await names()).toEqual(['B', 'A']);
    expect(viewer).toBeGreaterThan(0);
  });
});
