import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { settingsEndpoint } from '../../src/server/http/endpoints/settings';
import { handleApiRoute } from '../../src/server/http/route';
import { openSearchPage } from '../../src/server/pages/open-search-page';
import { searchDefaultCountry } from '../../src/server/geo/visitor-country';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

/**
 * The visitor's country by client address (docs/product.md §3 Settings geoip fields, §2 Search):
 * `GET /api/settings.php` through the Astro route (TRUST_PROXY applied as in production) and the
 * search's automatic first load. Addresses are only looked up in the shipped offline database.
 */

// The reverse proxy sits in 10.0.0.0/8.
const { ctx } = useTestContext({ TRUST_PROXY: '10.0.0.0/8' });

const GERMAN = '193.99.144.80';
const DUTCH = '194.109.6.66';

/** The same server without TRUST_PROXY (no proxy is trusted). */
const withoutProxy = (): AppContext => ({ ...ctx(), config: { ...ctx().config, trustedProxies: [] } });

/** `GET /api/settings.php` as the Astro route gets it from `peer`. */
async function settingsFrom(
  peer: string,
  options: { forwardedFor?: string; site?: string; context?: AppContext } = {},
): Promise<{ geoip_country: string; geoip_selected_country: string }> {
  const headers = new Headers({ 'package-name': options.site ?? 'amora', host: new URL(ORIGIN).host });
  if (options.forwardedFor !== undefined) headers.set('x-forwarded-for', options.forwardedFor);
  const request = new Request(new URL('/api/settings.php', ORIGIN), { headers });
  const response = await handleApiRoute(settingsEndpoint, { request, clientAddress: peer }, options.context ?? ctx());
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as { geoip_country: string; geoip_selected_country: string };
}

describe('settings geoip fields (docs/product.md §3 Settings)', () => {
  it('gives the country of a public address', async () => {
    expect(await settingsFrom(GERMAN)).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'DE' });
    expect(await settingsFrom(`::ffff:${DUTCH}`)).toMatchObject({ geoip_country: 'NL', geoip_selected_country: 'NL' });
  });

  it("gives the site's default country (its first) for loopback and private addresses", async () => {
    const amoraDefault = { geoip_country: 'US', geoip_selected_country: 'US' };
    expect(await settingsFrom('127.0.0.1')).toMatchObject(amoraDefault);
    expect(await settingsFrom('::1')).toMatchObject(amoraDefault);
    expect(await settingsFrom('192.168.1.20')).toMatchObject(amoraDefault);
    expect(await settingsFrom('127.0.0.1', { site: 'flirtbox' })).toMatchObject({
      geoip_country: 'DE',
      geoip_selected_country: 'DE',
    });
  });

  it('keeps a country the site does not serve and selects the site default', async () => {
    expect(await settingsFrom(DUTCH, { site: 'flirtbox' })).toMatchObject({
      geoip_country: 'NL',
      geoip_selected_country: 'DE',
    });
  });

  it('behind a trusted proxy, the X-Forwarded-For client counts', async () => {
    expect(await settingsFrom('10.0.0.2', { forwardedFor: GERMAN })).toMatchObject({ geoip_country: 'DE' });
    // A client-written entry left of the proxy's is ignored.
    expect(await settingsFrom('10.0.0.2', { forwardedFor: `${GERMAN}, ${DUTCH}` })).toMatchObject({
      geoip_country: 'NL',
    });
    // The proxy itself, without a forwarded client, is a private address: the default.
    expect(await settingsFrom('10.0.0.2')).toMatchObject({ geoip_country: 'US' });
  });

  it('ignores a forged X-Forwarded-For without TRUST_PROXY or from a peer that is not the proxy', async () => {
    expect(await settingsFrom('127.0.0.1', { forwardedFor: GERMAN })).toMatchObject({ geoip_country: 'US' });
    expect(await settingsFrom(DUTCH, { forwardedFor: GERMAN })).toMatchObject({ geoip_country: 'NL' });
    expect(await settingsFrom('10.0.0.2', { forwardedFor: GERMAN, context: withoutProxy() })).toMatchObject({
      geoip_country: 'US',
      geoip_selected_country: 'US',
    });
  });
});

describe("the search's default country (docs/product.md §2 Search)", () => {
  const firstLoad = (clientAddress: string, options: { cookie?: string; site?: string } = {}) =>
    callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { auto_load: 1, pp: 12, page: 1 },
      clientAddress,
      cookie: options.cookie,
      packageName: options.site,
    });
  const names = (json: { profiles: { name: string }[] }) => json.profiles.map((p) => p.name).sort();

  it("starts a visitor's automatic first load in the visitor's country", async () => {
    await createMember(ctx(), { name: 'Anna', country: 'DE' });
    await createMember(ctx(), { name: 'Bea', country: 'NL' });
    const german = await firstLoad(GERMAN);
    expect(german.json.filter_options).toEqual({ country: 'DE' });
    expect(names(german.json)).toEqual(['Anna']);

    // Unknown (loopback) or foreign to the site: every country of the site, as without an address.
    expect((await firstLoad('127.0.0.1')).json.filter_options).toEqual({});
    expect(names((await firstLoad('127.0.0.1')).json)).toEqual(['Anna', 'Bea']);
    expect((await firstLoad(DUTCH, { site: 'flirtbox' })).json.filter_options).toEqual({});

    // Filters of the page URL and manual searches are left as they are.
    const byUrl = await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { auto_load: 1, gender: 'female' },
      clientAddress: GERMAN,
    });
    expect(byUrl.json.filter_options).toEqual({ gender: 'female' });
    const manual = await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { manual_search: 1 },
      clientAddress: GERMAN,
    });
    expect(manual.json.filter_options).toEqual({});
  });

  it('gives a member the visitor country only until the member has searched manually', async () => {
    const me = await loggedInMember(ctx(), 'Me');
    expect((await firstLoad(GERMAN, { cookie: me.cookie })).json.filter_options).toEqual({ country: 'DE' });

    await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { manual_search: 1, country: 'NL' },
      cookie: me.cookie,
      clientAddress: GERMAN,
    });
    expect((await firstLoad(GERMAN, { cookie: me.cookie })).json.filter_options).toEqual({ country: 'NL' });

    // Clearing every filter is remembered too: no country is put back.
    await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { manual_search: 1 },
      cookie: me.cookie,
      clientAddress: GERMAN,
    });
    expect((await firstLoad(GERMAN, { cookie: me.cookie })).json.filter_options).toEqual({});
  });

  it("renders the /members first page with the same default as the island's first call", async () => {
    await createMember(ctx(), { name: 'Anna', country: 'DE' });
    await createMember(ctx(), { name: 'Bea', country: 'NL' });
    const site = ctx().sites.byPackageName.get('amora')!;
    const first = await openSearchPage(ctx(), {
      url: new URL('/members', ORIGIN),
      viewerId: null,
      countries: site.countries,
      defaultCountry: searchDefaultCountry(site, GERMAN),
    });
    expect(first?.response).toEqual((await firstLoad(GERMAN)).json);
    expect(first?.response.filter_options).toEqual({ country: 'DE' });
  });
});
