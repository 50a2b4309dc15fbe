import type { Gender } from '~/shared/constants';
import type { Niche } from '~/shared/landers/lander-slug';
import type { Locale } from '~/shared/locales';
import type { Market } from '~/shared/landers/market-schema';
import { avatarKeys } from '../platform/demo-people/avatars';
import { AGE_BANDS, bandOfAvatar, seededRandom } from '../platform/demo-people/avatar-traits';
import { firstNameFor } from '../platform/demo-people/first-names';

/** Portraits per gender the landers use (pool avatars 0…35, six per age band); ensureLanderMedia renders them. */
export const LANDER_PORTRAITS_PER_GENDER = 36;

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

/** Ages each niche shows (docs/product.md §4 niches): mature niches older, the rest younger. */
const NICHE_AGES: Record<Niche, [number, number]> = {
  1: [23, 45],
  2: [22, 38],
  3: [25, 46],
  4: [25, 49],
  5: [60, 74],
  6: [36, 52],
  7: [22, 48],
};

/** The gender a niche's landers show: men for the gay niche, women for the others. */
export function nicheGender(niche: Niche): Gender {
  return niche === 7 ? 'male' : 'female';
}

/** The portraits whose age band meets the niche's ages, each with the ages it can show there. */
function portraitsFor(niche: Niche): { index: number; min: number; max: number }[] {
  const [minAge, maxAge] = NICHE_AGES[niche];
  return Array.from({ length: LANDER_PORTRAITS_PER_GENDER }, (_, index) => {
    const band = AGE_BANDS[bandOfAvatar(index)]!;
    return { index, min: Math.max(band.min, minAge), max: Math.min(band.max, maxAge) };
  }).filter((portrait) => portrait.min <= portrait.max);
}

/**
 * `count` lander members for a locale and niche, deterministic (the same build
 * gives the same page): portraits whose age band fits the niche (different
 * ones while there are enough), an age of both, a common first name of the
 * locale for that sex and age (no two alike), cities of the market (`landers/markets.yaml`),
 * two in three online. `seed` gives another set for the same page.
 */
export function landerMembers(market: Market, locale: Locale, niche: Niche, count: number, seed = 0): LanderMember[] {
  const random = seededRandom(`lander-${locale}-${niche}-${seed}`);
  const gender = nicheGender(niche);
  const portraits = portraitsFor(niche);
  const start = (niche * 5 + seed * 3) % portraits.length;
  const names = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const portrait = portraits[(start + i) % portraits.length]!;
    const keys = avatarKeys(gender, portrait.index);
    const age = portrait.min + Math.floor(random() * (portrait.max - portrait.min + 1));
    // A name not shown yet on the page (a few tries; the lists are long enough).
    let name = firstNameFor(locale, gender, age, random);
    for (let tries = 0; names.has(name) && tries < 20; tries++) name = firstNameFor(locale, gender, age, random);
    names.add(name);
    return {
      name,
      age,
      city: market.cities[(start + i * 5) % market.cities.length]!.name,
      online: i % 3 !== 2,
      image: keys.filename,
      thumb: keys.thumbFilename,
      mini: keys.miniFilename,
    };
  });
}
