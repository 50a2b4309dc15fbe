import { describe, expect, it } from 'vitest';
import { explain } from '../../src/server/db/explain';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { filterCondition } from '../../src/server/members/search-members';
import { pageIdsQuery } from '../../src/server/members/search-page-rows';
import type { SearchFilters } from '../../src/shared/contracts/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const { ctx, clock } = useTestContext();
const search = (query: Record<string, string | number>) => callApi(ctx(), searchEndpoint, '/api/search.php', { query });
const ids = async (query: Record<string, string | number>) =>
  (await search(query)).json.profiles.map((p: { id: number }) => p.id);

describe('search pages over keyset cursors', () => {
  it('gives every member exactly once across pages, deep page first or in order, with ties on last_active_at', async () => {
    const created: { id: number; at: number }[] = [];
    for (let i = 0; i < 41; i++) {
      // Groups of three share a timestamp (down to the microsecond), so the id breaks ties.
      const at = new Date(Date.UTC(2026, 10, 20, 10, Math.floor(i / 3)));
      created.push({ id: await createMember(ctx(), { name: `M${i}`, lastActiveAt: at }), at: at.getTime() });
    }
    const expected = created.sort((a, b) => b.at - a.at || b.id - a.id).map((m) => m.id);
    // Page 4 first: the cursors of pages 1–3 come from one pass.
    const page4 = await ids({ page: 4, pp: 12 });
    expect(page4).toEqual(expected.slice(36, 48));
    const inOrder = [...(await ids({ page: 1 })), ...(await ids({ page: 2 })), ...(await ids({ page: 3 })), ...page4];
    expect(inOrder).toEqual(expected);
    expect(await ids({ page: 5 })).toEqual([]);
    expect(await ids({ page: 500 })).toEqual([]);
  });

  it('keeps the pages of one page size apart from another size of the same search', async () => {
    const members = [];
    for (let i = 0; i < 30; i++)
      members.push(await createMember(ctx(), { name: `M${i}`, lastActiveAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }));
    const newestFirst = members.reverse();
    expect(await ids({ page: 1, pp: 5 })).toEqual(newestFirst.slice(0, 5));
    // Page 1 of 5 ends after the 5th member; page 2 of 12 must still start at the 13th.
    expect(await ids({ page: 2, pp: 12 })).toEqual(newestFirst.slice(12, 24));
    expect(await ids({ page: 2, pp: 5 })).toEqual(newestFirst.slice(5, 10));
  });

  it('keeps deep pages right after the cursors expire and the order changed', async () => {
    const members = [];
    for (let i = 0; i < 30; i++)
      members.push(await createMember(ctx(), { name: `M${i}`, lastActiveAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }));
    expect(await ids({ page: 3 })).toEqual(members.slice(0, 6).reverse());
    ctx().searchCursorCache.clear();
    // Past the visitors' page cache too: this is about the cursors.
    clock.advance(60_000);
    await createMember(ctx(), { name: 'Newest', lastActiveAt: new Date(Date.UTC(2026, 10, 2)) });
    // The new member leads page 1, so page 3 now starts one member later and holds the rest.
    expect(await ids({ page: 3 })).toEqual(members.slice(0, 7).reverse());
  });
});

describe('search indexes (EXPLAIN)', () => {
  const COMBINATIONS: SearchFilters[] = [
    {},
    { gender: 'female' },
    { min_age: 26, max_age: 35 },
    { gender: 'male', min_age: 36, max_age: 45 },
    { country: 'NL' },
    { country: 'NL', countryregion: 'NH' },
    { gender: 'female', country: 'DE', min_age: 46, max_age: 55 },
    { gender: 'female', country: 'DE', countryregion: 'BY' },
  ];
  const SITE_COUNTRIES = ['NL', 'BE', 'DE', 'AT'];

  it.each(COMBINATIONS)('filters %o read ids from a search index in order, with no Sort', async (filters) => {
    await createMember(ctx(), { name: 'A' });
    const condition = filterCondition(filters, filters.country ? null : SITE_COUNTRIES, clock.now());
    for (const cursor of [null, { at: '2026-11-01 10:00:00+00', id: 5 }]) {
      const plan = (
        await explain(ctx().database, pageIdsQuery(ctx(), condition, cursor, 12).toSQL(), {
          // A one-row table makes any plan cheap: forbid the other paths, so a Sort appears
          // only when no search index can deliver the order.
          settings: { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off' },
        })
      ).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan Backward using profiles_search_\w+/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});
