import { describe, expect, it } from 'vitest';
import { geocodeEndpoint } from '../../src/server/http/endpoints/geocode';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';

const { ctx } = useTestContext();
const geocode = (query: Record<string, string | number>) =>
  callApi(ctx(), geocodeEndpoint, '/api/geocode.php', { query });

describe('GET /api/geocode.php (offline dataset)', () => {
  it.each([
    // City centres: the city, never its central district ("Mitte", "Innere Stadt", "Śródmieście").
    [52.52, 13.405, 'DE', 'BE', 'Berlin'],
    [53.5511, 9.9937, 'DE', 'HH', 'Hamburg'],
    [48.2082, 16.3738, 'AT', '9', 'Vienna'],
    [48.8566, 2.3522, 'FR', 'IDF', 'Paris'],
    [52.2297, 21.0122, 'PL', 'MZ', 'Warsaw'],
    [52.3676, 4.9041, 'NL', 'NH', 'Amsterdam'],
    [40.4168, -3.7038, 'ES', 'MD', 'Madrid'],
    // Points in outer districts: still the city.
    [52.4986, 13.403, 'DE', 'BE', 'Berlin'], // Kreuzberg
    [52.5355, 13.199, 'DE', 'BE', 'Berlin'], // Spandau
    [53.5503, 9.935, 'DE', 'HH', 'Hamburg'], // Altona
    [48.1758, 16.3767, 'AT', '9', 'Vienna'], // Favoriten
    [48.8412, 2.3003, 'FR', 'IDF', 'Paris'], // 15th arrondissement
    [52.1936, 21.0353, 'PL', 'MZ', 'Warsaw'], // Mokotów
    [52.36, 4.93, 'NL', 'NH', 'Amsterdam'], // Oost
    // Small towns, even next to a big city: that town.
    [52.3713, 4.5331, 'NL', 'NH', 'Zandvoort'],
    [52.5777, 13.0472, 'DE', 'BB', 'Falkensee'],
    [48.8229, 2.2688, 'FR', 'IDF', 'Issy-les-Moulineaux'],
    [47.7606, 11.5567, 'DE', 'BY', 'Bad Tölz'],
  ])('places %f,%f in %s/%s, %s', async (lat, lon, country, region, city) => {
    const { status, json } = await geocode({ lat, lon });
    expect(status).toBe(200);
    expect(json).toEqual({ country, countryregion: region, city });
  });

  it('answers 404 in the open sea and 422 for impossible positions', async () => {
    expect((await geocode({ lat: 0, lon: -30 })).status).toBe(404);
    expect((await geocode({ lat: 91, lon: 0 })).status).toBe(422);
    expect((await geocode({ lat: 'north', lon: 0 })).status).toBe(422);
  });
});
