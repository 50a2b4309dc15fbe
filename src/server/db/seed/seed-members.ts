import {
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerIT,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  type Faker,
} from '@faker-js/faker';
import { format, subDays } from 'date-fns';
import { inArray, sql } from 'drizzle-orm';
import type { Gender } from '../../../shared/constants';
import type { Locale } from '../../../shared/locales';
import { hashPassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import { citiesOf } from '../../geo/regions';
import { creditLedger, images, likes, profiles, users } from '../schema';
import { ABOUT_ME } from './about-me';
import { ensureAvatarPool, type AvatarFile } from './avatars';
import { DEMO_CAM_AVATARS } from '../../xcams/demo-cams';

/** Password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'amora-demo';
/** Demo account e-mails are `demo{n}@amora.test`, n from 1. */
export const demoEmail = (n: number) => `demo${n}@amora.test`;

interface CountryProfile {
  country: string;
  weight: number;
  language: Locale;
  faker: Faker;
}

/** Countries of the seven locales and their neighbours, weighted roughly by traffic. */
const COUNTRIES: CountryProfile[] = [
  { country: 'US', weight: 14, language: 'en', faker: fakerEN_US },
  { country: 'GB', weight: 9, language: 'en', faker: fakerEN_GB },
  { country: 'IE', weight: 2, language: 'en', faker: fakerEN_IE },
  { country: 'CA', weight: 4, language: 'en', faker: fakerEN_CA },
  { country: 'AU', weight: 4, language: 'en', faker: fakerEN_AU },
  { country: 'NZ', weight: 1, language: 'en', faker: fakerEN_AU },
  { country: 'NL', weight: 10, language: 'nl', faker: fakerNL },
  { country: 'BE', weight: 4, language: 'nl', faker: fakerNL_BE },
  { country: 'DE', weight: 12, language: 'de', faker: fakerDE },
  { country: 'AT', weight: 3, language: 'de', faker: fakerDE_AT },
  { country: 'CH', weight: 3, language: 'de', faker: fakerDE_CH },
  { country: 'IT', weight: 9, language: 'it', faker: fakerIT },
  { country: 'FR', weight: 10, language: 'fr', faker: fakerFR },
  { country: 'ES', weight: 8, language: 'es', faker: fakerES },
  { country: 'PL', weight: 7, language: 'pl', faker: fakerPL },
];

const AVATARS_PER_GENDER = 120;
const BATCH = 1000;
/** Only the first members hand out demo likes (keeps big seeds fast). */
const DEMO_LIKERS = 5000;
/** The first members also get the demo site's welcome credits (with their ledger rows), so they can chat. */
const DEMO_WITH_CREDITS = 5000;

export interface SeedOptions {
  members: number;
  /** Number of the first demo member (demo{n}@amora.test); later runs top up after existing ones. */
  firstNumber?: number;
  /** Called after each batch with the number of members written so far. */
  onProgress?: (done: number) => void;
}

/**
 * Creates `members` deterministic demo members (same input → same members):
 * users with the shared demo password, profiles across the locales' countries,
 * ages 18–80, real regions and cities, about-me texts, 1–3 avatar photos each.
 */
export async function seedMembers(ctx: AppContext, { members, firstNumber = 1, onProgress }: SeedOptions): Promise<void> {
  // At least DEMO_CAM_AVATARS per gender: the demo webcam feed shows those portraits.
  const pool = await ensureAvatarPool(ctx.storage, Math.min(AVATARS_PER_GENDER, Math.max(members, DEMO_CAM_AVATARS)));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = fakerEN_US;
  random.seed(20261121 + firstNumber);
  COUNTRIES.forEach((entry, i) => entry.faker.seed(1000 * firstNumber + i));
  const totalWeight = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
  const now = ctx.clock.now();

  const seededIds: number[] = [];
  for (let start = 0; start < members; start += BATCH) {
    const size = Math.min(BATCH, members - start);
    const rows = Array.from({ length: size }, (_, i) => makeMember(firstNumber + start + i));
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values(rows.map((row) => row.user))
        .returning({ id: users.id });
      await tx.insert(profiles).values(rows.map((row, i) => ({ ...row.profile, id: inserted[i]!.id })));
      await tx.insert(images).values(
        rows.flatMap((row, i) =>
          row.photos.map((photo, position) => ({
            profileId: inserted[i]!.id,
            filename: photo.filename,
            thumbFilename: photo.thumbFilename,
            width: photo.width,
            height: photo.height,
            position,
          })),
        ),
      );
      const demoLikes = makeLikes(rows.map((row, i) => ({ number: row.number, id: inserted[i]!.id, signup: row.user.createdAt })));
      if (demoLikes.length > 0) await tx.insert(likes).values(demoLikes).onConflictDoNothing();
      const welcome = ctx.sites.defaultSite.welcome_credits;
      const funded = inserted.filter((_, i) => rows[i]!.number <= DEMO_WITH_CREDITS).map((row) => row.id);
      if (welcome > 0 && funded.length > 0) {
        await tx.update(users).set({ credits: welcome }).where(inArray(users.id, funded));
        await tx.insert(creditLedger).values(funded.map((userId) => ({ userId, delta: welcome, reason: 'welcome' })));
      }
      const first = inserted[0]!.id;
      const last = inserted[inserted.length - 1]!.id;
      await tx.execute(sql`
        UPDATE profiles p SET main_image_id = i.id FROM images i
        WHERE i.profile_id = p.id AND i.position = 0 AND p.id BETWEEN ${first} AND ${last}`);
    });
    onProgress?.(start + size);
  }

  /**
   * Demo likes, so the likes pages and badges have something to show: each of the
   * first DEMO_LIKERS members likes 0–3 members seeded before them, half of
   * the time one of the first 50 (demo1… get plenty). About a third stay new.
   */
  function makeLikes(batch: { number: number; id: number; signup: Date }[]) {
    const rows: (typeof likes.$inferInsert)[] = [];
    for (const member of batch) {
      if (member.number <= DEMO_LIKERS && seededIds.length > 0) {
        const count = random.number.int({ min: 0, max: 3 });
        for (let k = 0; k < count; k++) {
          const pool = random.number.float() < 0.5 ? seededIds.slice(0, 50) : seededIds;
          const likedId = random.helpers.arrayElement(pool);
          const at = new Date(Math.max(member.signup.getTime(), now.getTime() - random.number.int({ min: 0, max: 60 * 24 * 3600 }) * 1000));
          rows.push({ likerId: member.id, likedId, isNew: random.number.float() < 0.35, createdAt: at });
        }
      }
      seededIds.push(member.id);
    }
    return rows;
  }
  // Fresh statistics (and no dead rows from the main-image update) so the planner uses the search indexes.
  await ctx.db.execute(sql`VACUUM ANALYZE`);

  function pickCountry(): CountryProfile {
    let ticket = random.number.int({ min: 1, max: totalWeight });
    for (const entry of COUNTRIES) {
      ticket -= entry.weight;
      if (ticket <= 0) return entry;
    }
    return COUNTRIES[0]!;
  }

  function makeMember(n: number) {
    const origin = pickCountry();
    const gender: Gender = random.number.float() < 0.55 ? 'female' : 'male';
    const cities = citiesOf(origin.country);
    const city = cities.length > 0 ? random.helpers.arrayElement(cities) : null;
    const age = random.number.int({ min: 18, max: 80 });
    const dob = subDays(now, age * 365.25 + random.number.int({ min: 1, max: 360 }));
    const signup = subDays(now, random.number.int({ min: 0, max: 720 }));
    const lastActive = new Date(now.getTime() - random.number.int({ min: 0, max: 30 * 24 * 3600 }) * 1000);
    const firstName = origin.faker.person.firstName(gender);
    const sentences = random.helpers.arrayElements(ABOUT_ME[origin.language], { min: 2, max: 3 });
    const photoCount = random.number.int({ min: 1, max: 3 });
    const photos: AvatarFile[] = random.helpers.arrayElements(pool[gender], photoCount);
    return {
      number: n,
      user: {
        site: 'amora',
        email: demoEmail(n),
        passwordHash,
        status: 'active' as const,
        isDemo: true,
        createdAt: signup,
        timezone: 'UTC',
      },
      profile: {
        name: firstName,
        gender,
        dateOfBirth: format(dob, 'yyyy-MM-dd'),
        country: origin.country,
        countryregion: city?.regionId ?? null,
        city: city?.name ?? null,
        personal: sentences.join(' '),
        language: origin.language,
        lastSignupStep: 7,
        lastActiveAt: lastActive,
      },
      photos,
    };
  }
}
