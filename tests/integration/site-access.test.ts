import { describe, expect, it } from 'vitest';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const { ctx } = useTestContext();
/** The cookie a lander leaves: the tracking record as URL-encoded JSON. */
const trackingCookie = (record: Record<string, string>) =>
  `amora_tracking=${encodeURIComponent(JSON.stringify(record))}`;
const search = (options: Parameters<typeof callApi>[3] = {}) =>
  callApi(ctx(), searchEndpoint, '/api/search.php', { packageName: 'lovelane', ...options });

describe('a site whose logged-out search needs a traffic source (lovelane)', () => {
  it('lets a visitor whose tracking cookie carries a network search, as the page’s own call does', async () => {
    await createMember(ctx(), { name: 'Noor', country: 'NL' });
    const withCookie = await search({ cookie: trackingCookie({ network: 'tiktok', sub1: 'spring' }) });
    expect(withCookie.status).toBe(200);
    expect(withCookie.json.profiles.map((p: { name: string }) => p.name)).toEqual(['Noor']);
  });

  it('refuses a visitor whose cookie has no network, or is malformed', async () => {
    for (const cookie of [trackingCookie({ sub1: 'spring' }), 'amora_tracking=%7Bnot-json', '']) {
      const refused = await search({ cookie });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('search_not_allowed');
    }
  });

  it('still reads the traffic source from the query', async () => {
    expect((await search({ query: { trafficsource: 'adnet' } })).status).toBe(200);
  });
});
