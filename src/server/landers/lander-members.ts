import { fakerDE, fakerEN_US, fakerES, fakerFR, fakerIT, fakerNL, fakerPL, type Faker } from '@faker-js/faker';
import type { Gender } from '../../shared/constants';
import type { Niche } from '../../shared/landers/lander-slug';
import type { Locale } from '../../shared/locales';
import type { Market } from '../../shared/landers/market-schema';
import { avatarKeys } from '../db/seed/avatars';

/** Portraits per gender the landers use (`demo/{gender}/000…023`); ensureLanderMedia renders them. */
export const LANDER_PORTRAITS_PER_GENDER = 24;

/** One member shown on a lander: an illustrated demo portrait with a name, an age and a city. */
export interface LanderMember {
  name: string;
  age: number;
  city: string;
  online: boolean;
  /** Storage keys (the URL is `cdn_prefix/key`): 480×600, 240×300 and 120×150 WebP portraits. */
  image: string;
  thumb: string;
  mini: string;
}

const FAKERS: Record<Locale, Faker> = { en: fakerEN_US, nl: fakerNL, de: fakerDE, it: fakerIT, fr: fakerFR, es: fakerES, pl: fakerPL };

/** Ages each niche shows (SPEC §4 niches): mature niches older, the rest younger. */
const NICHE_AGES: Record<Niche, [number, number]> = { 1: [23, 45], 2: [22, 38], 3: [25, 46], 4: [25, 49], 5: [60, 74], 6: [36, 52], 7: [22, 48] };

/** The gender a niche's landers show: men for the gay niche, women for the others. */
export function nicheGender(niche: Niche): Gender {
  return niche === 7 ? 'male' : 'female';
}

/**
 * `count` lander members for a locale and niche, deterministic (the same build
 * gives the same page): first names of the locale's market (faker's locale
 * data), cities of the market (`landers/markets.yaml`), ages of the niche,
 * two in three online. `seed` gives another set for the same page.
 */
export function landerMembers(market: Market, locale: Locale, niche: Niche, count: number, seed = 0): LanderMember[] {
  const faker = FAKERS[locale];
  faker.seed(1000 * niche + seed + locale.charCodeAt(0) * 7 + locale.charCodeAt(1));
  const gender = nicheGender(niche);
  const [minAge, maxAge] = NICHE_AGES[niche];
  const start = (niche * 5 + seed * 3) % LANDER_PORTRAITS_PER_GENDER;
  return Array.from({ length: count }, (_, i) => {
    const keys = avatarKeys(gender, (start + i) % LANDER_PORTRAITS_PER_GENDER);
    return {
      name: faker.person.firstName(gender),
      age: faker.number.int({ min: minAge, max: maxAge }),
      city: market.cities[(start + i * 5) % market.cities.length]!.name,
      online: i % 3 !== 2,
      image: keys.filename,
      thumb: keys.thumbFilename,
      mini: keys.miniFilename,
    };
  });
}
