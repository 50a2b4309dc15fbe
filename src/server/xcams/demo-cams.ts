import { GENDERS } from '~/shared/constants';
import { avatarKeys } from '../platform/demo-people/avatars';
import { AGE_BANDS, bandOfAvatar, seededRandom } from '../platform/demo-people/avatar-traits';
import { firstNameFor } from '../platform/demo-people/first-names';
import type { CamProvider, CamQuery, FeedCam } from './cam-provider';

/** Demo performers use the first avatars of the seeded pool (pool avatars 0–19; the seed always renders them). */
export const DEMO_CAM_AVATARS = 20;
const PER_GENDER = DEMO_CAM_AVATARS;

function buildDemoCams(): FeedCam[] {
  const random = seededRandom('demo-cams');
  return GENDERS.flatMap((gender) =>
    Array.from({ length: PER_GENDER }, (_, i): FeedCam => {
      // A performer is of the age band their portrait was drawn for (19–70).
      const band = AGE_BANDS[bandOfAvatar(i)]!;
      const [min, max] = [Math.max(band.min, 19), Math.min(band.max, 70)];
      const age = min + Math.floor(random() * (max - min + 1));
      const name = firstNameFor('en', gender, age, random);
      return {
        account: `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}_${gender[0]}${i}`,
        name,
        age,
        gender,
        image: avatarKeys(gender, i).thumbFilename,
        imageIsLocal: true,
        live: i % 4 !== 3,
        viewers: i % 4 === 3 ? null : 12 + ((i * 37) % 400),
        url: null,
      };
    }),
  );
}

function matches(cam: FeedCam, query: CamQuery): boolean {
  if (query.gender && cam.gender !== query.gender) return false;
  if (cam.age !== null && query.min_age !== undefined && cam.age < query.min_age) return false;
  if (cam.age !== null && query.max_age !== undefined && cam.age > query.max_age) return false;
  return true;
}

/**
 * The built-in demo feed: 40 fixed performers (common first names with a fixed
 * seed, portraits from the seeded avatar pool), live ones first. Room links
 * come from the site's `partner_links.cam_room`.
 */
export function createDemoCamProvider(): CamProvider {
  const cams = buildDemoCams().sort((a, b) => Number(b.live) - Number(a.live));
  return {
    kind: 'demo',
    search: async (query) => {
      const found = cams.filter((cam) => matches(cam, query));
      // A narrow age filter can leave nobody: fall back to the gender alone, as partner feeds do.
      return found.length > 0 ? found : cams.filter((cam) => matches(cam, { gender: query.gender }));
    },
    find: async (account) => cams.find((cam) => cam.account === account) ?? null,
  };
}
