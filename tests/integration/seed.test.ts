import { count, eq, isNull } from 'drizzle-orm';
import { differenceInYears } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { creditLedger, images, likes, profiles, users } from '../../src/server/db/schema';
import { bandOfAge, bandOfAvatar } from '../../src/server/platform/demo-people/avatar-traits';
import { FIRST_NAMES } from '../../src/server/platform/demo-people/first-names';
import { seedMembers } from '../../src/server/db/seed/seed-members';
import { useTestContext } from '../helpers/context';

const { ctx } = useTestContext();

describe('demo seed', () => {
  it('creates complete demo members and demo likes between them (never self-likes)', async () => {
    await seedMembers(ctx(), { members: 40 });
    const [members] = await ctx().db.select({ value: count() }).from(profiles);
    expect(members?.value).toBe(40);
    const [demo1] = await ctx().db.select({ id: users.id }).from(users).where(eq(users.email, 'demo1@amora.test'));
    const likeRows = await ctx().db.select().from(likes);
    expect(likeRows.length).toBeGreaterThan(10);
    expect(likeRows.every((like) => like.likerId !== like.likedId)).toBe(true);
    expect(likeRows.some((like) => like.likedId === demo1!.id)).toBe(true);
    expect(likeRows.some((like) => like.isNew)).toBe(true);
    const [withoutPhoto] = await ctx().db.select({ value: count() }).from(profiles).where(isNull(profiles.mainImageId));
    expect(withoutPhoto?.value).toBe(0);
    // Demo members can chat: the demo site's welcome credits, each with its ledger row.
    const [funded] = await ctx().db.select({ credits: users.credits }).from(users).where(eq(users.id, demo1!.id));
    expect(funded?.credits).toBe(20);
    const [ledger] = await ctx().db.select({ value: count() }).from(creditLedger);
    expect(ledger?.value).toBe(40);
  });

  it('gives every member photos of their age band and gender, and a first name of their language and sex', async () => {
    await seedMembers(ctx(), { members: 60 });
    const rows = await ctx()
      .db.select({
        name: profiles.name,
        gender: profiles.gender,
        dob: profiles.dateOfBirth,
        language: profiles.language,
        file: images.filename,
      })
      .from(profiles)
      .innerJoin(images, eq(images.profileId, profiles.id));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const now = ctx().clock.now();
    for (const row of rows) {
      const match = /^demo\/v3\/(female|male)\/(\d{3})\.webp$/.exec(row.file);
      expect(match, row.file).not.toBeNull();
      expect(match![1]).toBe(row.gender);
      expect(bandOfAvatar(Number(match![2]))).toBe(bandOfAge(differenceInYears(now, new Date(row.dob!))));
      const names = FIRST_NAMES[row.language as 'en'][row.gender as 'female'];
      expect([...names.young, ...names.older]).toContain(row.name);
    }
  });
});
