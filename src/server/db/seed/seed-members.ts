import { fakerEN_US } from '@faker-js/faker';
import { format } from 'date-fns';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords/passwords';
import type { AppContext } from '../../context';
import { creditLedger, images, likes, profiles, users } from '../schema';
import { ensureAvatarPool } from '../../platform/demo-people/avatars';
import { demoMember } from './demo-member';
import { DEMO_CAM_AVATARS } from '../../xcams';

/** Password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'amora-demo';
/** Demo account e-mails are `demo{n}@amora.test`, n from 1. */
export const demoEmail = (n: number) => `demo${n}@amora.test`;

/**
 * Pool avatars per gender: 60 per age band, so two members side by side in a grid
 * rarely share a face (20 per band showed visible twins on a 12-card page).
 */
const AVATARS_PER_GENDER = 360;
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
export async function seedMembers(
  ctx: AppContext,
  { members, firstNumber = 1, onProgress }: SeedOptions,
): Promise<void> {
  // About one avatar per member of a gender (a small seed renders few), at least DEMO_CAM_AVATARS
  // per gender: the demo webcam feed shows those portraits.
  const poolSize = Math.min(AVATARS_PER_GENDER, Math.max(Math.ceil(members / 2), DEMO_CAM_AVATARS));
  const pool = await ensureAvatarPool(ctx.storage, poolSize);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = fakerEN_US;
  random.seed(20261121 + firstNumber);
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
      const demoLikes = makeLikes(
        rows.map((row, i) => ({ number: row.number, id: inserted[i]!.id, signup: row.user.createdAt })),
      );
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
          const at = new Date(
            Math.max(
              member.signup.getTime(),
              now.getTime() - random.number.int({ min: 0, max: 60 * 24 * 3600 }) * 1000,
            ),
          );
          rows.push({ likerId: member.id, likedId, isNew: random.number.float() < 0.35, createdAt: at });
        }
      }
      seededIds.push(member.id);
    }
    return rows;
  }
  // Fresh statistics (and no dead rows from the main-image update) so the planner uses the search indexes.
  await ctx.db.execute(sql`VACUUM ANALYZE`);

  function makeMember(n: number) {
    const member = demoMember(n, now, poolSize);
    return {
      number: n,
      user: {
        site: 'amora',
        email: demoEmail(n),
        passwordHash,
        status: 'active' as const,
        isDemo: true,
        createdAt: member.signup,
        timezone: 'UTC',
      },
      profile: {
        name: member.name,
        gender: member.gender,
        dateOfBirth: format(member.dateOfBirth, 'yyyy-MM-dd'),
        country: member.country,
        countryregion: member.countryregion,
        city: member.city,
        personal: member.about,
        language: member.language,
        lastSignupStep: 7,
        lastActiveAt: member.lastActive,
      },
      photos: member.photos.map((index) => pool[member.gender][index]!),
    };
  }
}
