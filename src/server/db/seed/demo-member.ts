import { subDays } from 'date-fns';
import type { Gender } from '~/shared/constants';
import type { Locale } from '~/shared/locales';
import { largestTowns, type TownPlace } from '../../geo';
import { aboutMeText } from './about-me';
import {
  AGE_BANDS,
  bandOfAge,
  bandOfAvatar,
  seededRandom,
  type Random,
} from '../../platform/demo-people/avatar-traits';
import { firstNameFor } from '../../platform/demo-people/first-names';

interface CountryProfile {
  country: string;
  weight: number;
  language: Locale;
}

/** Countries of the seven locales and their neighbours, weighted roughly by traffic. */
export const COUNTRIES: CountryProfile[] = [
  { country: 'US', weight: 14, language: 'en' },
  { country: 'GB', weight: 9, language: 'en' },
  { country: 'IE', weight: 2, language: 'en' },
  { country: 'CA', weight: 4, language: 'en' },
  { country: 'AU', weight: 4, language: 'en' },
  { country: 'NZ', weight: 1, language: 'en' },
  { country: 'NL', weight: 10, language: 'nl' },
  { country: 'BE', weight: 4, language: 'nl' },
  { country: 'DE', weight: 12, language: 'de' },
  { country: 'AT', weight: 3, language: 'de' },
  { country: 'CH', weight: 3, language: 'de' },
  { country: 'IT', weight: 9, language: 'it' },
  { country: 'FR', weight: 10, language: 'fr' },
  { country: 'ES', weight: 8, language: 'es' },
  { country: 'PL', weight: 7, language: 'pl' },
];
const TOTAL_WEIGHT = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
/** Members live in a country's largest towns, more of them in bigger ones. */
const TOWNS_PER_COUNTRY = 250;

/** One generated demo member, before it is written to the database. */
export interface DemoMember {
  number: number;
  gender: Gender;
  age: number;
  dateOfBirth: Date;
  signup: Date;
  lastActive: Date;
  country: string;
  countryregion: string | null;
  city: string | null;
  language: Locale;
  name: string;
  about: string;
  /** Pool avatar indexes of the member's gender (1–3, all of the member's age band; the first is the main photo). */
  photos: number[];
}

/** A random integer from `min` to `max` (inclusive). */
function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A town of the list, weighted by population^0.6 (capitals common, small towns still present). */
function pickTown(random: Random, towns: TownPlace[]): TownPlace | null {
  if (towns.length === 0) return null;
  const weights = towns.map((town) => Math.max(town.population, 1000) ** 0.6);
  let ticket = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let i = 0; i < towns.length; i++) {
    ticket -= weights[i]!;
    if (ticket < 0) return towns[i]!;
  }
  return towns[towns.length - 1]!;
}

/** Avatar indexes below `poolSize` whose age band is that of `age`. */
export function avatarsForAge(age: number, poolSize: number): number[] {
  const band = bandOfAge(age);
  return Array.from({ length: poolSize }, (_, i) => i).filter((i) => bandOfAvatar(i) === band);
}

/**
 * Generates demo member `n` (deterministic per number and `now`): a country
 * of the locales' markets, a town of it weighted by size, age 18–80, a common
 * first name of the member's language, sex and generation, an about-me text
 * in the member's grammatical gender, and 1–3 pool avatars that fit the age.
 * `poolSize` is the number of pool avatars per gender (at least one per age band).
 */
export function demoMember(n: number, now: Date, poolSize: number): DemoMember {
  if (poolSize < AGE_BANDS.length)
    throw new Error(`the avatar pool needs at least ${AGE_BANDS.length} avatars per gender`);
  const random = seededRandom(`demo-member-${n}`);
  let ticket = int(random, 1, TOTAL_WEIGHT);
  const origin = COUNTRIES.find((entry) => (ticket -= entry.weight) <= 0) ?? COUNTRIES[0]!;
  const gender: Gender = random() < 0.55 ? 'female' : 'male';
  const town = pickTown(random, largestTowns(origin.country, TOWNS_PER_COUNTRY));
  const age = int(random, 18, 80);
  const candidates = avatarsForAge(age, poolSize);
  const photos: number[] = [];
  const photoCount = Math.min(int(random, 1, 3), candidates.length);
  while (photos.length < photoCount) {
    const index = candidates[Math.floor(random() * candidates.length)]!;
    if (!photos.includes(index)) photos.push(index);
  }
  return {
    number: n,
    gender,
    age,
    dateOfBirth: subDays(now, age * 365.25 + int(random, 1, 360)),
    signup: subDays(now, int(random, 0, 720)),
    lastActive: new Date(now.getTime() - int(random, 0, 30 * 24 * 3600) * 1000),
    country: origin.country,
    countryregion: town?.countryregion ?? null,
    city: town?.city ?? null,
    language: origin.language,
    name: firstNameFor(origin.language, gender, age, random),
    about: aboutMeText(origin.language, gender, random),
    photos,
  };
}
