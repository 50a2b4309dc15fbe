import { faker } from '@faker-js/faker';
import { GENDERS } from '../../shared/constants';
import { avatarKeys } from '../db/seed/avatars';
import type { CamProvider, CamQuery, FeedCam } from './cam-provider';

/** Demo performers use the first avatars of the seeded pool (demo/{gender}/000–019; the seed always renders them). */
export const DEMO_CAM_AVATARS = 20;
const PER_GENDER = DEMO_CAM_AVATARS;

function buildDemoCams(): FeedCam[] {
  faker.seed(20261122);
  return GENDERS.flatMap((gender) =>
    Array.from({ length: PER_GENDER }, (_, i): FeedCam => {
      const name = faker.person.firstName(gender);
      return {
        account: `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}_${gender[0]}${i}`,
        name,
        age: 19 + ((i * 7) % 40),
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
 * The built-in demo feed: 40 fixed performers (names from faker with a fixed
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
