import { describe, expect, it } from 'vitest';
import { companyInfoEndpoint, interestsEndpoint, regionsEndpoint } from '../../src/server/http/endpoints/lookups';
import { profileFieldsEndpoint } from '../../src/server/http/endpoints/profile-fields';
import { settingsEndpoint } from '../../src/server/http/endpoints/settings';
import { callApi, type CallOptions } from '../helpers/api';
import { useTestContext } from '../helpers/context';

const { ctx } = useTestContext();

const regions = (options: CallOptions = {}) => callApi(ctx(), regionsEndpoint, '/api/regions.php', options);
const interests = (options: CallOptions = {}) => callApi(ctx(), interestsEndpoint, '/api/interests.php', options);
const companyInfo = (options: CallOptions = {}) => callApi(ctx(), companyInfoEndpoint, '/api/companyinfo.php', options);
const settings = (options: CallOptions = {}) => callApi(ctx(), settingsEndpoint, '/api/settings.php', options);

const GERMAN = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };

describe('GET /api/regions.php (docs/product.md §7)', () => {
  it("answers the regions of each of the site's countries in the request's locale, as the settings do", async () => {
    const amora = await regions();
    expect(amora.status).toBe(200);
    expect(Object.keys(amora.json.region_data)).toEqual((await settings()).json.countries);
    expect(amora.json.region_data.NL).toContainEqual({ id: 'NH', name: 'North Holland' });
    expect(amora.json.region_data.DE).toContainEqual({ id: 'BY', name: 'Bavaria' });
    expect(amora.json.region_data).toEqual((await settings()).json.region_data);

    const german = await regions(GERMAN);
    expect(german.json.region_data.DE).toContainEqual({ id: 'BY', name: 'Bayern' });
    expect(german.json.region_data.NL).toContainEqual({ id: 'NH', name: 'Nordholland' });
    expect(german.json.region_data).toEqual((await settings(GERMAN)).json.region_data);
  });

  it("follows the other site's countries and its domain language", async () => {
    const flirtbox = await regions({ packageName: 'flirtbox' });
    expect(flirtbox.status).toBe(200);
    expect(Object.keys(flirtbox.json.region_data)).toEqual(['DE', 'AT', 'CH']);
    expect(flirtbox.json.region_data.AT).toEqual([
      { id: '1', name: 'Burgenland' },
      { id: '2', name: 'Kärnten' },
      { id: '3', name: 'Niederösterreich' },
      { id: '4', name: 'Oberösterreich' },
      { id: '5', name: 'Salzburg' },
      { id: '6', name: 'Steiermark' },
      { id: '7', name: 'Tirol' },
      { id: '8', name: 'Vorarlberg' },
      { id: '9', name: 'Wien' },
    ]);
    const english = await regions({ packageName: 'flirtbox', headers: { cookie: 'i18n_redirected=en' } });
    expect(english.json.region_data.AT).toContainEqual({ id: '9', name: 'Vienna' });
  });

  it('narrows the answer to one of the site’s countries with `country`', async () => {
    const belgium = await regions({ packageName: 'lovelane', query: { country: 'BE' } });
    expect(belgium.status).toBe(200);
    expect(belgium.json).toEqual({
      region_data: {
        BE: [
          { id: 'BRU', name: 'Brussels Hoofdstedelijk Gewest' },
          { id: 'VLG', name: 'Vlaanderen' },
          { id: 'WAL', name: 'Wallonië' },
        ],
      },
    });
    const austria = await regions({ packageName: 'flirtbox', query: { country: 'AT' } });
    expect(Object.keys(austria.json.region_data)).toEqual(['AT']);
    expect(austria.json.region_data.AT).toContainEqual({ id: '9', name: 'Wien' });
  });

  it.each([
    ['a country the site does not serve', 'flirtbox', 'NL'],
    ['a country of another site only', 'lovelane', 'AT'],
    ['a lower-case code', 'amora', 'de'],
    ['no ISO alpha-2 code', 'amora', 'DEU'],
    ['an unknown code', 'amora', 'XX'],
  ])('answers 422 validation.country for %s', async (_case, packageName, country) => {
    const answer = await regions({ packageName, query: { country } });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toEqual({
      code: 'validation_failed',
      message: 'errors.validation_failed',
      issues: [{ path: 'country', message: 'validation.country' }],
    });
  });

  it('refuses unknown query parameters', async () => {
    const answer = await regions({ query: { region: 'BY' } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('unknown_parameter');
  });
});

describe('GET /api/interests.php (docs/product.md §7)', () => {
  it('answers the allowed values of profile_fields.php with their labels in the request’s locale', async () => {
    const english = await interests();
    expect(english.status).toBe(200);
    const allowed = (await callApi(ctx(), profileFieldsEndpoint, '/api/profile_fields.php')).json.allowed_values;
    expect(Object.keys(english.json.fields)).toEqual(Object.keys(allowed));
    for (const [field, values] of Object.entries(allowed)) {
      expect(
        english.json.fields[field].map((choice: { value: string }) => choice.value),
        field,
      ).toEqual(values);
    }
    expect(english.json.fields.gender).toEqual([
      { value: 'male', label: 'Man' },
      { value: 'female', label: 'Woman' },
    ]);
    expect(english.json.fields.smoking).toEqual([
      { value: 'no', label: 'Non-smoker' },
      { value: 'sometimes', label: 'Sometimes' },
      { value: 'yes', label: 'Smoker' },
    ]);
  });

  it('labels in German for a German request or a German site, and the locale cookie wins', async () => {
    const german = await interests(GERMAN);
    expect(german.json.fields.gender).toEqual([
      { value: 'male', label: 'Mann' },
      { value: 'female', label: 'Frau' },
    ]);
    expect(german.json.fields.looking_for).toContainEqual({ value: 'both', label: 'Männer und Frauen' });
    const flirtbox = await interests({ packageName: 'flirtbox' });
    expect(flirtbox.json).toEqual(german.json);
    const dutch = await interests({ packageName: 'flirtbox', headers: { cookie: 'i18n_redirected=nl' } });
    expect(dutch.json.fields.smoking).not.toEqual(german.json.fields.smoking);
    expect(dutch.json.fields.gender).not.toEqual(german.json.fields.gender);
  });

  it('refuses query parameters', async () => {
    expect((await interests({ query: { locale: 'de' } })).status).toBe(400);
  });
});

describe('GET /api/companyinfo.php (docs/product.md §7)', () => {
  it("answers the requesting site's company fields with its support address", async () => {
    const amora = await companyInfo();
    expect(amora.status).toBe(200);
    expect(amora.json).toEqual({
      company: {
        name: 'Amora Digital B.V.',
        address: 'Herengracht 182',
        kvk: '90000001',
        city: '1016 BR Amsterdam',
        country: 'NL',
        tradenames: ['Amora'],
        vat_numbers: ['NL000000001B01'],
        support_phone: '+31 20 000 0000',
        support_email: 'support@amora.test',
        delete_discount: 50,
      },
    });
    expect(amora.json.company).toEqual((await settings()).json.company);

    const flirtbox = await companyInfo({ packageName: 'flirtbox', ...GERMAN });
    expect(flirtbox.json.company).toMatchObject({
      tradenames: ['Flirtbox', 'Amora'],
      support_email: 'support@flirtbox.test',
    });
    expect(flirtbox.json.company).toEqual((await settings({ packageName: 'flirtbox' })).json.company);
  });

  it('refuses query parameters and needs a known site', async () => {
    expect((await companyInfo({ query: { site: 'flirtbox' } })).status).toBe(400);
    const unknown = await companyInfo({ packageName: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('unknown_site');
  });
});
