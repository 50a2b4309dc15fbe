import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { NICHES } from '~/shared/landers/lander-slug';
import { isRegionOf } from '../../geo/regions';
import { landerMembers, nicheGender } from '../../landers/lander-members';
import { aboutMeSentences } from './about-me';
import {
  AGE_BANDS,
  CHILDLIKE_HAIR,
  GREY_HAIR,
  accessoriesOf,
  avatarTraits,
  bandOfAge,
  bandOfAvatar,
  poolAvatarTraits,
  seededRandom,
  type Accessory,
  type AvatarTraits,
} from '../../platform/demo-people/avatar-traits';
import { demoMember, type DemoMember } from './demo-member';
import { FIRST_NAMES } from '../../platform/demo-people/first-names';

const NOW = new Date('2026-11-21T12:00:00Z');
const POOL = 120;
const members: DemoMember[] = Array.from({ length: 2000 }, (_, i) => demoMember(i + 1, NOW, POOL));
const photosOf = (member: DemoMember) => member.photos.map((index) => poolAvatarTraits(member.gender, index));

/** The rules every avatar must keep for the age and gender it is shown with. */
function expectFits(traits: AvatarTraits, age: number, gender: 'female' | 'male') {
  if (GREY_HAIR.includes(traits.hairColor)) expect(age, `grey hair at ${age}`).toBeGreaterThanOrEqual(55);
  if (traits.facialHair) expect(gender, `${traits.facialHair} on a woman`).toBe('male');
  if (CHILDLIKE_HAIR.includes(traits.hair)) expect(age, `${traits.hair} at ${age}`).toBeLessThanOrEqual(30);
}

function accessoryShares(looks: AvatarTraits[]): Record<Accessory, number> {
  const shares: Record<Accessory, number> = { glasses: 0, headband: 0, cap: 0, beanie: 0 };
  for (const look of looks) for (const accessory of accessoriesOf(look)) shares[accessory] += 1 / looks.length;
  return shares;
}

describe('demo avatars fit age and gender', () => {
  it('the rule tables never give grey hair before 55, a beard to a woman or a child-like style past 30 (2,000 draws)', () => {
    const random = seededRandom('rules');
    for (let i = 0; i < 2000; i++) {
      const gender = i % 2 ? 'female' : 'male';
      const age = 18 + (i % 63);
      expectFits(avatarTraits(gender, age, random), age, gender);
    }
  });

  it('2,000 generated members only show avatars that fit their age and gender', () => {
    for (const member of members) {
      expect(member.photos.length).toBeGreaterThanOrEqual(1);
      for (const [k, traits] of photosOf(member).entries()) {
        expect(bandOfAvatar(member.photos[k]!)).toBe(bandOfAge(member.age));
        expectFits(traits, member.age, member.gender);
      }
    }
  });

  it('older members look older: most members from 65 have grey or white hair, and some from 55 do', () => {
    const greyShare = (from: number, to: number) => {
      const group = members.filter((member) => member.age >= from && member.age <= to);
      return group.filter((member) => GREY_HAIR.includes(photosOf(member)[0]!.hairColor)).length / group.length;
    };
    expect(greyShare(65, 80)).toBeGreaterThan(0.6);
    expect(greyShare(55, 64)).toBeGreaterThan(0.3);
    expect(greyShare(18, 54)).toBe(0);
  });

  it('no accessory (glasses, headband, cap, beanie) on more than 15 % of avatars', () => {
    const shown = members.flatMap(photosOf);
    const mainPhotos = members.map((member) => photosOf(member)[0]!);
    const pool = (['female', 'male'] as const).flatMap((gender) =>
      Array.from({ length: POOL }, (_, i) => poolAvatarTraits(gender, i)),
    );
    for (const looks of [shown, mainPhotos, pool]) {
      for (const [accessory, share] of Object.entries(accessoryShares(looks)))
        expect(share, accessory).toBeLessThanOrEqual(0.15);
    }
    // Rare, not absent.
    expect(accessoryShares(pool).glasses).toBeGreaterThan(0.03);
    expect(accessoryShares(pool).headband).toBeGreaterThan(0.02);
  });

  it('the pool is varied: many hair styles, hair colours and skin tones per gender', () => {
    for (const gender of ['female', 'male'] as const) {
      const looks = Array.from({ length: POOL }, (_, i) => poolAvatarTraits(gender, i));
      expect(new Set(looks.map((look) => look.hair)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(looks.map((look) => look.hairColor)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(looks.map((look) => look.skinColor)).size).toBeGreaterThanOrEqual(6);
    }
  });
});

describe('demo member texts and names', () => {
  // Words that give away the writer's grammatical gender, per language.
  const MASCULINE: Record<string, RegExp> = {
    it: /(?<!\p{L})(sincero|curioso|ballerino|ascoltatore|cresciuto|innamorato|timido)(?!\p{L})/u,
    fr: /(?<!\p{L})(curieux|danseur|tombé|amoureux)(?!\p{L})/u,
    es: /(?<!\p{L})(sincero|curioso|anticuado|bailarín|buen oyente|tímido)(?!\p{L})/u,
    pl: /(?<!\p{L})(szczery|ciekawy|staroświecki|dorastałem|zakochałem|nieśmiały)(?!\p{L})/u,
    de: /(?<!\p{L})(Tänzer|Zuhörer|schlechter|guter)(?!\p{L})/u,
    nl: /(?<!\p{L})danser(?!\p{L})/u,
  };
  const FEMININE: Record<string, RegExp> = {
    it: /(?<!\p{L})(sincera|curiosa|ballerina|ascoltatrice|cresciuta|innamorata|timida)(?!\p{L})/u,
    fr: /(?<!\p{L})(curieuse|danseuse|tombée|amoureuse)(?!\p{L})/u,
    es: /(?<!\p{L})(sincera|curiosa|anticuada|bailarina|buena oyente|tímida)(?!\p{L})/u,
    pl: /(?<!\p{L})(szczera|ciekawa|staroświecka|dorastałam|zakochałam|nieśmiała)(?!\p{L})/u,
    de: /(?<!\p{L})(Tänzerin|Zuhörerin|schlechte)(?!\p{L})/u,
    nl: /(?<!\p{L})danseres(?!\p{L})/u,
  };

  it('about-me texts are in the member’s grammatical gender', () => {
    for (const locale of Object.keys(MASCULINE)) {
      expect(aboutMeSentences(locale as never, 'female').join(' ')).not.toMatch(MASCULINE[locale]!);
      expect(aboutMeSentences(locale as never, 'male').join(' ')).not.toMatch(FEMININE[locale]!);
      // Each language has gendered sentences at all (the pools are not gender-blind copies).
      expect(aboutMeSentences(locale as never, 'female').join(' ')).toMatch(FEMININE[locale]!);
    }
    for (const member of members) {
      const forbidden = (member.gender === 'female' ? MASCULINE : FEMININE)[member.language];
      if (forbidden) expect(member.about).not.toMatch(forbidden);
      const own = aboutMeSentences(member.language, member.gender);
      const used = own.filter((sentence) => member.about.includes(sentence));
      expect(used.length).toBeGreaterThanOrEqual(2);
      expect(used.join(' ').length).toBe(member.about.length);
    }
  });

  it('members carry a common first name of their language and sex, never a surname or a word', () => {
    for (const member of members) {
      const names = FIRST_NAMES[member.language][member.gender];
      expect([...names.young, ...names.older]).toContain(member.name);
    }
    const all = members.map((member) => member.name);
    for (const notAName of ['Brown', 'Oma', 'Golden', 'Pinkie']) expect(all).not.toContain(notAName);
    for (const locale of LOCALES) {
      const women = new Set([...FIRST_NAMES[locale].female.young, ...FIRST_NAMES[locale].female.older]);
      const men = [...FIRST_NAMES[locale].male.young, ...FIRST_NAMES[locale].male.older];
      expect(
        men.filter((name) => women.has(name)),
        `${locale}: a name for both sexes`,
      ).toEqual([]);
    }
  });

  it('members live in real towns of their country, with its region', () => {
    for (const member of members.slice(0, 300)) {
      expect(member.city).toBeTruthy();
      expect(member.city).not.toMatch(/^(gemeente|landkreis|powiat|gmina|mitte$)/i);
      expect(isRegionOf(member.country, member.countryregion!)).toBe(true);
    }
  });
});

describe('lander members', () => {
  const market = {
    cities: Array.from({ length: 12 }, (_, i) => ({ name: `City ${i}`, latitude: 0, longitude: 0 })),
  } as never;

  it('show an age of the niche that fits the portrait, and a common first name of the locale', () => {
    for (const niche of NICHES) {
      const gender = nicheGender(niche);
      for (const locale of LOCALES) {
        for (const seed of [0, 1, 7]) {
          const shown = landerMembers(market, locale, niche, 12, seed);
          const names = [...FIRST_NAMES[locale][gender].young, ...FIRST_NAMES[locale][gender].older];
          for (const member of shown) {
            expect(names).toContain(member.name);
            const index = Number(/(\d+)\.webp$/.exec(member.image)![1]);
            const band = AGE_BANDS[bandOfAvatar(index)]!;
            expect(member.age).toBeGreaterThanOrEqual(band.min);
            expect(member.age).toBeLessThanOrEqual(band.max);
            expectFits(poolAvatarTraits(gender, index), member.age, gender);
          }
          // Twelve different faces and names whenever the niche has twelve portraits of its ages.
          expect(new Set(shown.map((member) => member.image)).size).toBe(12);
          expect(new Set(shown.map((member) => member.name)).size).toBe(12);
          const looks = shown.map((member) => poolAvatarTraits(gender, Number(/(\d+)\.webp$/.exec(member.image)![1])));
          for (const [accessory, share] of Object.entries(accessoryShares(looks)))
            expect(share, `${accessory} on ${locale}/${niche}`).toBeLessThanOrEqual(0.15);
        }
      }
    }
  });
});
