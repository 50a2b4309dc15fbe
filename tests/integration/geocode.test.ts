import { describe, expect, it } from 'vitest';
import { geocodeEndpoint } from '../../src/server/http/endpoints/geocode';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';

const { ctx } = useTestContext();
const geocode = (query: Record<string, string | number>) => callApi(ctx(), geocodeEndpoint, '/api/geocode.php', { query });

describe('GET /api/geocode.php (offline dataset)', () => {
  it.each([
    [52.3676, 4.9041, 'NL', 'NH', /^Amsterdam$/],
    // The dataset's nearest place to Berlin's centre is its central district.
    [52.52, 13.405, 'DE', 'BE', /^(Berlin|Mitte)$/],
    [40.4168, -3.7038, 'ES', 'MD', /^Madrid$/],
  ])('places %f,%f in %s/%s', async (lat, lon, country, region, city) => {
    const { status, json } = await geocode({ lat, lon });
    expect(status).toBe(200);
    expect(json).toMatchObject({ country, countryregion: region });
    expect(json.city).toMatch(city);
  });

  it('answers 404 in the open sea and 422 for impossible positions', async () => {
    expect((await geocode({ lat: 0, lon: -30 })).status).toBe(404);
    expect((await geocode({ lat: 91, lon: 0 })).status).toBe(422);
    expect((await geocode({ lat: 'north', lon: 0 })).status).toBe(422);
  });
});
