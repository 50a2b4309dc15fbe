import { City, State } from 'country-state-city';
import type { Locale } from '~/shared/locales';
import regionNames from './region-names.json';

/**
 * Regions and cities per country from the `country-state-city` data set.
 * Region ids are the ISO 3166-2 subdivision codes without the country part;
 * names are localized from `region-names.json` (the dataset itself is English only).
 */
export interface Region {
  id: string;
  name: string;
}

export interface CityInfo {
  name: string;
  regionId: string;
  latitude: number;
  longitude: number;
}

const regionCache = new Map<string, Region[]>();
const NAMES = regionNames as Record<Locale, Record<string, string>>;
const cityCache = new Map<string, CityInfo[]>();

/** Cities of a country (ISO 3166-1 alpha-2), each tied to its region. Cached per country. */
export function citiesOf(country: string): CityInfo[] {
  let cities = cityCache.get(country);
  if (!cities) {
    cities = (City.getCitiesOfCountry(country) ?? [])
      .filter((city) => city.stateCode)
      .map((city) => ({
        name: city.name,
        regionId: city.stateCode,
        latitude: Number(city.latitude),
        longitude: Number(city.longitude),
      }));
    cityCache.set(country, cities);
  }
  return cities;
}

/** Regions of a country that have at least one city, named and sorted in `locale`. Cached. */
export function regionsOf(country: string, locale: Locale = 'en'): Region[] {
  const key = `${country}:${locale}`;
  let regions = regionCache.get(key);
  if (!regions) {
    const withCities = new Set(citiesOf(country).map((city) => city.regionId));
    const names = NAMES[locale] ?? {};
    regions = State.getStatesOfCountry(country)
      .filter((state) => withCities.has(state.isoCode))
      .map((state) => ({ id: state.isoCode, name: names[`${country}-${state.isoCode}`] ?? state.name }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    regionCache.set(key, regions);
  }
  return regions;
}

/**
 * Regions per country (`region_data` of docs/product.md §3 Settings): for each of `countries`
 * its `regionsOf(country, locale)`, keyed by the country code, in the order given.
 */
export function regionDataOf(countries: readonly string[], locale: Locale): Record<string, Region[]> {
  return Object.fromEntries(countries.map((country) => [country, regionsOf(country, locale)]));
}

/** True when `regionId` is a region of `country`. */
export function isRegionOf(country: string, regionId: string): boolean {
  return regionsOf(country).some((region) => region.id === regionId);
}
