import { Country, City } from 'country-state-city';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/** A place found for a position: ISO country, region id (ISO 3166-2 suffix) and city name. */
export interface Place {
  country: string;
  countryregion: string | null;
  city: string;
}

interface Indexed {
  index: KDBush;
  places: Place[];
}

let indexed: Indexed | null = null;

/** Builds the k-d tree over every city of the offline dataset once (~150,000 points). */
function cityIndex(): Indexed {
  if (indexed) return indexed;
  const cities = City.getAllCities();
  const index = new KDBush(cities.length);
  const places: Place[] = [];
  for (const city of cities) {
    index.add(Number(city.longitude), Number(city.latitude));
    places.push({ country: city.countryCode, countryregion: city.stateCode || null, city: city.name });
  }
  index.finish();
  indexed = { index, places };
  return indexed;
}

/** Positions further than this from any known city are not placed (km). */
export const MAX_DISTANCE_KM = 100;
/** Administrative entries of the dataset ("Gemeente Amsterdam", "Landkreis …"): not what a member calls home. */
const ADMINISTRATIVE = /^(gemeente|municipio|municipality of|landkreis|kreisfreie stadt|provincia di|comune di|arrondissement|powiat|gmina|district of)\s/i;

/**
 * SPEC §7 `GET /api/geocode.php`: the nearest city to a position from the
 * offline `country-state-city` data (nothing fetched), or null when none is
 * within MAX_DISTANCE_KM (open sea) or the country is unknown.
 */
export function reverseGeocode(lat: number, lon: number): Place | null {
  const { index, places } = cityIndex();
  const nearby = around(index, lon, lat, 5, MAX_DISTANCE_KM).map((id) => places[id]!);
  const place = nearby.find((candidate) => !ADMINISTRATIVE.test(candidate.city)) ?? nearby[0];
  if (!place || !Country.getCountryByCode(place.country)) return null;
  return { ...place, city: place.city.replace(ADMINISTRATIVE, '') };
}
