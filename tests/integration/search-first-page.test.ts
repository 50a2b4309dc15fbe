import { describe, expect, it } from 'vitest';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { openSearchPage } from '../../src/server/pages/open-search-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

/**
 * The first page of `/members` rendered by the server (docs/product.md §2 /members, §4 auto_load):
 * `openSearchPage` answers exactly what the island's first `GET /api/search.php` would, for
 * visitors and for members with remembered filters, and null when the URL's filters do not pass
 * the contract (the island then shows the API's error).
 */
const { ctx } = useTestContext();
const SITE_COUNTRIES = ['NL', 'BE', 'DE'];

async function seedMembers(): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await createMember(ctx(), {
      name: `M${i}`,
      gender: i % 2 === 0 ? 'female' : 'male',
      dateOfBirth: `${1960 + i}-03-01`,
      lastActiveAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
    });
  }
}

/** The island's first call for `query`, as the browser sends it. */
async function firstCall(query: Record<string, string>, cookie?: string) {
  const answer = await callApi(ctx(), searchEndpoint, '/api/search.php', {
    query: { ...query, pp: '12', auto_load: '1' },
    cookie,
  });
  expect(answer.status).toBe(200);
  return answer.json;
}

const open = (search: string, viewerId: number | null = null) =>
  openSearchPage(ctx(), {
    url: new URL(`http://localhost:4321/members${search}`),
    viewerId,
    countries: SITE_COUNTRIES,
  });

describe('the first search page in the HTML', () => {
  it("answers a visitor's URL as the island's first call would, filters and page included", async () => {
    await seedMembers();
    const first = await open('?gender=female&min_age=46&max_age=55');
    expect(first?.page).toBe(1);
    expect(first?.response).toEqual(await firstCall({ gender: 'female', min_age: '46', max_age: '55', page: '1' }));
    expect(first!.response.profiles).toHaveLength(5);
    expect(first!.response.profiles.every((profile) => profile.gender === 'female')).toBe(true);
    const second = await open('?page=2');
    expect(second?.page).toBe(2);
    expect(second?.response.profiles).toHaveLength(12);
    expect(second?.response).toEqual(await firstCall({ page: '2' }));
  });

  it("uses a member's remembered filters when the URL has none, and never shows the member", async () => {
    await seedMembers();
    const me = await loggedInMember(ctx(), 'Viewer', { gender: 'male', lastActiveAt: new Date() });
    const manual = await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { gender: 'male', page: '1', pp: '12', manual_search: '1' },
      cookie: me.cookie,
    });
    expect(manual.status).toBe(200);
    const first = await open('', me.id);
    expect(first?.response.filter_options).toMatchObject({ gender: 'male' });
    expect(first?.response).toEqual(await firstCall({ page: '1' }, me.cookie));
    expect(first!.response.profiles).toHaveLength(12);
    expect(first!.response.profiles.some((profile) => profile.id === me.id)).toBe(false);
    expect(first!.response.profiles.every((profile) => profile.gender === 'male')).toBe(true);
  });

  it('is null for filters the contract refuses, and an empty page past the end', async () => {
    await seedMembers();
    for (const search of ['?min_age=abc', '?gender=robot', '?min_age=5', `?countryregion=${'x'.repeat(300)}`]) {
      expect(await open(search)).toBeNull();
    }
    const past = await open('?page=99');
    expect(past?.response.profiles).toEqual([]);
    expect(past?.page).toBe(99);
  });
});
