import { describe, expect, it } from 'vitest';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage, createMember } from '../helpers/factories';

const { ctx } = useTestContext();
const search = (query: Record<string, string | number> = {}, packageName = 'amora') =>
  callApi(ctx(), searchEndpoint, '/api/search.php', { query, packageName });
const names = async (query: Record<string, string | number>, packageName = 'amora') => {
  const answer = await search(query, packageName);
  expect(answer.status).toBe(200);
  return answer.json.profiles.map((p: { name: string }) => p.name).sort();
};

describe('GET /api/search.php parameters besides the filters (docs/product.md §7)', () => {
  it('takes source and trafficsource as the /members page and the similar results send them', async () => {
    await createMember(ctx(), { name: 'Lisa', country: 'NL' });
    const plain = await search({ page: 1, pp: 12, manual_search: '1' });
    const fromPage = await search({ page: 1, pp: 12, source: 'members', trafficsource: 'adnet', manual_search: '1' });
    expect(fromPage.status).toBe(200);
    expect(fromPage.json).toEqual(plain.json);
    const similar = await search({
      similarpage: 1,
      pp: 12,
      source: 'similar',
      trafficsource: 'adnet',
      manual_search: '1',
      do_not_save: '1',
    });
    expect(similar.status).toBe(200);
    expect((await search({ source: 'x'.repeat(65) })).status).toBe(422);
  });

  it('trafficsource opens logged-out search where the site allows it only with a traffic source', async () => {
    await createMember(ctx(), { name: 'Lisa', country: 'NL' });
    expect((await search({ source: 'members' }, 'lovelane')).json.error.code).toBe('search_not_allowed');
    expect(await names({ source: 'members', trafficsource: 'adnet' }, 'lovelane')).toEqual(['Lisa']);
  });

  it('hideNudity is accepted and, with no photo flagged, changes nothing (flagged photos: photo-screening.test.ts)', async () => {
    const lisa = await createMember(ctx(), { name: 'Lisa', country: 'NL' });
    await addImage(ctx(), lisa);
    await createMember(ctx(), { name: 'Eva', country: 'NL' });
    const plain = await search({ manual_search: '1' });
    for (const hideNudity of ['1', 'true', '0', 'false']) {
      const answer = await search({ manual_search: '1', hideNudity });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(plain.json);
    }
    expect((await search({ hideNudity: 'yes' })).status).toBe(422);
  });

  it("searchAllCountries searches beyond the site's countries; a country filter still applies", async () => {
    await createMember(ctx(), { name: 'Hans', country: 'DE' });
    await createMember(ctx(), { name: 'Joe', country: 'US', gender: 'male' });
    await createMember(ctx(), { name: 'Lisa', country: 'NL' });
    // flirtbox: DE, AT, CH.
    expect(await names({}, 'flirtbox')).toEqual(['Hans']);
    expect(await names({ searchAllCountries: '1' }, 'flirtbox')).toEqual(['Hans', 'Joe', 'Lisa']);
    expect(await names({ searchAllCountries: '0' }, 'flirtbox')).toEqual(['Hans']);
    expect(await names({ searchAllCountries: '1', country: 'US' }, 'flirtbox')).toEqual(['Joe']);
    expect(await names({ searchAllCountries: '1', gender: 'male' }, 'flirtbox')).toEqual(['Joe']);
  });
});
