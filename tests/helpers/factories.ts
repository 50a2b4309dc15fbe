import type { AppContext } from '../../src/server/context';
import { hashPassword } from '../../src/server/platform/passwords/passwords';
import { images, profiles, users } from '../../src/server/db/schema';

let cachedHash: Promise<string> | null = null;
export const MEMBER_PASSWORD = 'correct-horse';

/** Inserts a member (user + visible profile) with sensible defaults; returns its id. */
export async function createMember(
  ctx: AppContext,
  overrides: Partial<typeof profiles.$inferInsert> & {
    email?: string;
    site?: string;
    status?: 'not_confirmed' | 'active' | 'deleted';
    /** When the account was created (default: the database's now). */
    createdAt?: Date;
  } = {},
): Promise<number> {
  cachedHash ??= hashPassword(MEMBER_PASSWORD);
  const { email, site, status, createdAt, ...profile } = overrides;
  const [user] = await ctx.db
    .insert(users)
    .values({
      site: site ?? 'amora',
      email: email ?? `member${Math.random().toString(36).slice(2)}@example.com`,
      passwordHash: await cachedHash,
      status: status ?? 'active',
      ...(createdAt ? { createdAt } : {}),
    })
    .returning({ id: users.id });
  await ctx.db.insert(profiles).values({
    id: user!.id,
    name: 'Member',
    gender: 'female',
    dateOfBirth: '1995-05-05',
    country: 'NL',
    language: 'nl',
    lastSignupStep: 7,
    ...profile,
  });
  return user!.id;
}

/** Adds a photo row to a profile and makes it the main image when it is the first. */
export async function addImage(ctx: AppContext, profileId: number, position = 0): Promise<number> {
  const [image] = await ctx.db
    .insert(images)
    .values({
      profileId,
      filename: `p/${profileId}-${position}.webp`,
      thumbFilename: `p/${profileId}-${position}-t.webp`,
      width: 400,
      height: 500,
      position,
    })
    .returning({ id: images.id });
  return image!.id;
}

/** Overrides for a member who signed up 30 days before the test clock (past any welcome offer). */
export function established(ctx: AppContext): { createdAt: Date } {
  return { createdAt: new Date(ctx.clock.now().getTime() - 30 * 24 * 60 * 60_000) };
}
