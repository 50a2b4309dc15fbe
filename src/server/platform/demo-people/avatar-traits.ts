import type { Gender } from '~/shared/constants';

/**
 * What a demo avatar looks like, derived from its gender and age by explicit
 * rule tables: grey or white hair only from 55, facial hair only on men,
 * child-like and youthful styles only on the young, and every accessory
 * (glasses, headband, cap, beanie) rare.
 */
export type HairStyle =
  | 'long'
  | 'extraLong'
  | 'bobCut'
  | 'bobBangs'
  | 'curly'
  | 'curlyBun'
  | 'straightBun'
  | 'pigtails'
  | 'sideShave'
  | 'shortCombover'
  | 'shortComboverChops'
  | 'fade'
  | 'buzzcut'
  | 'curlyHighTop'
  | 'mohawk'
  | 'balding'
  | 'bald'
  | 'bunUndercut'
  | 'cap'
  | 'beanie';
export type FacialHair = 'shadow' | 'beardMustache' | 'goatee' | 'pyramid' | 'walrus' | 'soulPatch';
export type Eyes = 'open' | 'happy' | 'wink' | 'glasses';
export type Nose = 'smallRound' | 'mediumRound' | 'wrinkles';
export type Mouth = 'smile' | 'bigSmile' | 'smirk' | 'lips';
export type Accessory = 'glasses' | 'headband' | 'cap' | 'beanie';

export interface AvatarTraits {
  hair: HairStyle;
  hairColor: string;
  facialHair: FacialHair | null;
  eyes: Eyes;
  nose: Nose;
  mouth: Mouth;
  skinColor: string;
  body: 'squared' | 'rounded' | 'small' | 'checkered';
  clothingColor: string;
  backgroundColor: string;
}

/** A rule: `value` is allowed from `min` to `max` years (inclusive) with a relative `weight`. */
interface Rule<T> {
  value: T;
  min: number;
  max: number;
  weight: number;
}
const OLDEST = 120;

/** Age bands of the avatar pool: every rule below changes only at a band's first year. */
export const AGE_BANDS: readonly { min: number; max: number }[] = [
  { min: 18, max: 24 },
  { min: 25, max: 30 },
  { min: 31, max: 39 },
  { min: 40, max: 54 },
  { min: 55, max: 64 },
  { min: 65, max: OLDEST },
];

/** Hair styles by gender and age. Pigtails read as a child's style, mohawks and side shaves as a teenager's. */
const HAIR: Record<Gender, Rule<HairStyle>[]> = {
  female: [
    { value: 'long', min: 18, max: 64, weight: 5 },
    { value: 'extraLong', min: 18, max: 39, weight: 3 },
    { value: 'bobCut', min: 18, max: OLDEST, weight: 4 },
    { value: 'bobBangs', min: 18, max: OLDEST, weight: 4 },
    { value: 'curly', min: 18, max: OLDEST, weight: 4 },
    { value: 'curlyBun', min: 18, max: OLDEST, weight: 1 },
    { value: 'straightBun', min: 18, max: OLDEST, weight: 1 },
    { value: 'pigtails', min: 18, max: 24, weight: 1 },
    { value: 'sideShave', min: 18, max: 30, weight: 1 },
  ],
  male: [
    { value: 'shortCombover', min: 18, max: OLDEST, weight: 4 },
    { value: 'shortComboverChops', min: 25, max: OLDEST, weight: 2 },
    { value: 'fade', min: 18, max: 54, weight: 4 },
    { value: 'buzzcut', min: 18, max: OLDEST, weight: 3 },
    { value: 'curlyHighTop', min: 18, max: 39, weight: 2 },
    { value: 'curly', min: 18, max: 54, weight: 1 },
    { value: 'bunUndercut', min: 18, max: 39, weight: 1 },
    { value: 'mohawk', min: 18, max: 30, weight: 1 },
    { value: 'balding', min: 40, max: OLDEST, weight: 3 },
    { value: 'bald', min: 31, max: OLDEST, weight: 1 },
    { value: 'cap', min: 18, max: 54, weight: 1 },
    { value: 'beanie', min: 18, max: 39, weight: 1 },
  ],
};
/** Styles that look like a child's: never past 30. */
export const CHILDLIKE_HAIR: readonly HairStyle[] = ['pigtails', 'mohawk', 'sideShave'];

export const HAIR_COLORS = {
  black: '231a1a',
  darkBrown: '3b2a24',
  brown: '6a4a3a',
  chestnut: '8a4b2c',
  auburn: 'a0522d',
  ginger: 'c8693a',
  blonde: 'd2ac6a',
  lightBlonde: 'e6cd92',
  grey: '9c9ca6',
  silver: 'c5c8d2',
  white: 'eceef4',
} as const;
/** Grey and white shades: only from 55. */
export const GREY_HAIR: readonly string[] = [HAIR_COLORS.grey, HAIR_COLORS.silver, HAIR_COLORS.white];

const NATURAL: Rule<string>[] = [
  { value: HAIR_COLORS.black, min: 18, max: 54, weight: 3 },
  { value: HAIR_COLORS.darkBrown, min: 18, max: 64, weight: 4 },
  { value: HAIR_COLORS.brown, min: 18, max: 64, weight: 4 },
  { value: HAIR_COLORS.chestnut, min: 18, max: 54, weight: 2 },
  { value: HAIR_COLORS.auburn, min: 18, max: 54, weight: 1 },
  { value: HAIR_COLORS.ginger, min: 18, max: 39, weight: 1 },
  { value: HAIR_COLORS.blonde, min: 18, max: 64, weight: 3 },
  { value: HAIR_COLORS.lightBlonde, min: 18, max: 39, weight: 1 },
];
const HAIR_COLOR: Rule<string>[] = [
  ...NATURAL,
  { value: HAIR_COLORS.grey, min: 55, max: OLDEST, weight: 8 },
  { value: HAIR_COLORS.silver, min: 55, max: OLDEST, weight: 6 },
  { value: HAIR_COLORS.white, min: 65, max: OLDEST, weight: 8 },
];

/** Share of men with facial hair, by age. */
const FACIAL_HAIR_SHARE: Rule<number>[] = [
  { value: 0.2, min: 18, max: 24, weight: 1 },
  { value: 0.35, min: 25, max: 30, weight: 1 },
  { value: 0.45, min: 31, max: OLDEST, weight: 1 },
];
const FACIAL_HAIR: Rule<FacialHair>[] = [
  { value: 'shadow', min: 18, max: OLDEST, weight: 4 },
  { value: 'beardMustache', min: 25, max: OLDEST, weight: 3 },
  { value: 'goatee', min: 18, max: 54, weight: 2 },
  { value: 'soulPatch', min: 18, max: 30, weight: 1 },
  { value: 'pyramid', min: 31, max: OLDEST, weight: 1 },
  { value: 'walrus', min: 40, max: OLDEST, weight: 1 },
];
/** Glasses get more common with age but stay rare overall (about one in ten). */
const GLASSES_SHARE: Rule<number>[] = [
  { value: 0.05, min: 18, max: 39, weight: 1 },
  { value: 0.1, min: 40, max: 54, weight: 1 },
  { value: 0.16, min: 55, max: OLDEST, weight: 1 },
];
const EYES: Rule<Exclude<Eyes, 'glasses'>>[] = [
  { value: 'open', min: 18, max: OLDEST, weight: 5 },
  { value: 'happy', min: 18, max: OLDEST, weight: 4 },
  { value: 'wink', min: 18, max: 54, weight: 1 },
];
const NOSE: Rule<Nose>[] = [
  { value: 'smallRound', min: 18, max: 54, weight: 3 },
  { value: 'mediumRound', min: 18, max: OLDEST, weight: 2 },
  { value: 'wrinkles', min: 40, max: 54, weight: 1 },
  { value: 'wrinkles', min: 55, max: OLDEST, weight: 6 },
];
const MOUTH: Record<Gender, Mouth[]> = {
  female: ['smile', 'bigSmile', 'smirk', 'lips'],
  male: ['smile', 'bigSmile', 'smirk'],
};
const SKIN = ['eeb4a4', 'e7a391', 'e5a07e', 'd78774', 'b16a5b', '92594b', '623d36'];
const BODY = ['squared', 'rounded', 'small', 'checkered'] as const;
const CLOTHING = ['456dff', '54d7c7', '7555ca', '6dbb58', 'e24553', 'f3b63a', 'f55d81'];
const BACKGROUNDS = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde2e4', 'e2ece9', 'fff1c1'];

/** A uniform random number in [0, 1). */
export type Random = () => number;

function pickRule<T>(rules: Rule<T>[], age: number, random: Random): T {
  const allowed = rules.filter((rule) => age >= rule.min && age <= rule.max);
  let ticket = random() * allowed.reduce((sum, rule) => sum + rule.weight, 0);
  for (const rule of allowed) {
    ticket -= rule.weight;
    if (ticket < 0) return rule.value;
  }
  return allowed[allowed.length - 1]!.value;
}

function pick<T>(values: readonly T[], random: Random): T {
  return values[Math.floor(random() * values.length)]!;
}

/** Hair styles that come with an accessory: the buns' headband, a cap, a beanie. */
const ACCESSORY_HAIR: readonly HairStyle[] = ['curlyBun', 'straightBun', 'cap', 'beanie'];

/**
 * Which accessory an avatar may wear: `any` draws glasses and accessory hair
 * styles at their table rates; `none` gives neither; `glasses` gives glasses
 * (from 40 always, younger one in two); `hair` an accessory hair style where
 * the gender and age have one.
 */
export type AccessorySlot = 'any' | 'none' | 'glasses' | 'hair';

/** The look of a demo avatar of `gender` aged `age`, from the rule tables (deterministic for the same `random`). */
export function avatarTraits(gender: Gender, age: number, random: Random, slot: AccessorySlot = 'any'): AvatarTraits {
  const accessoryHair = HAIR[gender].filter(
    (rule) => ACCESSORY_HAIR.includes(rule.value) && age >= rule.min && age <= rule.max,
  );
  const plainHair = HAIR[gender].filter((rule) => !ACCESSORY_HAIR.includes(rule.value));
  const hair = pickRule(
    slot === 'any' ? HAIR[gender] : slot === 'hair' && accessoryHair.length > 0 ? accessoryHair : plainHair,
    age,
    random,
  );
  const hairColor = pickRule(HAIR_COLOR, age, random);
  const bearded = gender === 'male' && random() < pickRule(FACIAL_HAIR_SHARE, age, random);
  const glassesShare =
    slot === 'any' ? pickRule(GLASSES_SHARE, age, random) : slot === 'glasses' ? (age >= 40 ? 1 : 0.5) : 0;
  const glasses = random() < glassesShare;
  return {
    hair,
    hairColor,
    facialHair: bearded ? pickRule(FACIAL_HAIR, age, random) : null,
    eyes: glasses ? 'glasses' : pickRule(EYES, age, random),
    nose: pickRule(NOSE, age, random),
    mouth: pick(MOUTH[gender], random),
    skinColor: pick(SKIN, random),
    body: pick(BODY, random),
    clothingColor: pick(CLOTHING, random),
    backgroundColor: pick(BACKGROUNDS, random),
  };
}

/** The accessories an avatar wears: glasses, a headband (the bun styles have one), a cap or a beanie. */
export function accessoriesOf(traits: AvatarTraits): Accessory[] {
  const worn: Accessory[] = [];
  if (traits.eyes === 'glasses') worn.push('glasses');
  if (traits.hair === 'curlyBun' || traits.hair === 'straightBun') worn.push('headband');
  if (traits.hair === 'cap') worn.push('cap');
  if (traits.hair === 'beanie') worn.push('beanie');
  return worn;
}

/** A small deterministic random generator (mulberry32) seeded from a string. */
export function seededRandom(seed: string): Random {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Age band (index into AGE_BANDS) of an age; ages past the last band count as the last. */
export function bandOfAge(age: number): number {
  const band = AGE_BANDS.findIndex((entry) => age >= entry.min && age <= entry.max);
  return band < 0 ? (age < AGE_BANDS[0]!.min ? 0 : AGE_BANDS.length - 1) : band;
}

/** Age band of pool avatar `index`: the bands take turns, so any first n avatars cover every age. */
export function bandOfAvatar(index: number): number {
  return index % AGE_BANDS.length;
}

/**
 * Accessory slot of pool avatar `index`: of every ten avatars of an age band,
 * the seventh may wear glasses and the ninth a headband, cap or beanie; the
 * first six of each band (the landers' portraits) wear none.
 */
export function poolAccessorySlot(index: number): AccessorySlot {
  const rank = Math.floor(index / AGE_BANDS.length) % 10;
  return rank === 6 ? 'glasses' : rank === 8 ? 'hair' : 'none';
}

/** The look of pool avatar `index` of a gender: drawn for the first year of its age band, so it fits every age of the band. */
export function poolAvatarTraits(gender: Gender, index: number): AvatarTraits {
  return avatarTraits(
    gender,
    AGE_BANDS[bandOfAvatar(index)]!.min,
    seededRandom(`${gender}-${index}`),
    poolAccessorySlot(index),
  );
}
