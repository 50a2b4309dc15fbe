import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OwnProfile, ProfileImage, PublicProfile, User } from '~/shared/contracts/profile';
import { isLocale } from '~/shared/locales';
import { presenceOf } from '~/shared/rules/member-rules';
import { isPaidMember, isPremium } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import { images, profiles, users } from '../db/schema';
import { photoShownToOthers, photoShownToOwner } from '../media';
import { ageOn } from '../platform/accounts/age';

type ProfileRow = typeof profiles.$inferSelect;
type ImageRow = typeof images.$inferSelect;

function toImage(row: ImageRow): ProfileImage {
  return { id: row.id, filename: row.filename, thumb_filename: row.thumbFilename };
}

/** docs/product.md §3 Profile as other members see it: no e-mail, date of birth, tracking or exact last-active time. */
export function toPublicProfile(row: ProfileRow, imageRows: ImageRow[], today: Date): PublicProfile {
  return withImages(row, imageRows.filter((image) => image.profileId === row.id).map(toImage), today);
}

/**
 * The public profile of `row` with its images already in the member's order (ids, filenames);
 * `today` is the time of the view (age, presence).
 * docs/product.md §10 Photos: the gallery opens with the main photo, the others follow in order.
 */
export function withImages(row: ProfileRow, ordered: ProfileImage[], today: Date): PublicProfile {
  const main = ordered.find((image) => image.id === row.mainImageId) ?? ordered[0] ?? null;
  const gallery = main ? [main, ...ordered.filter((image) => image !== main)] : ordered;
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, today),
    city: row.city,
    country: row.country,
    countryregion: row.countryregion,
    main_image: main,
    images: gallery,
    gender: row.gender,
    personal: row.personal,
    language: isLocale(row.language) ? row.language : 'en',
    presence: presenceOf(row.lastActiveAt, today),
  };
}

/**
 * Images of the given profiles, in gallery order: those others may see (docs/product.md §13 Photo
 * review: no rejected photo, a pending one only when its member's site shows photos before
 * approval), or with `viewer: 'owner'` every photo not rejected (the member's own view).
 */
export async function loadImages(
  ctx: AppContext,
  profileIds: number[],
  viewer: 'others' | 'owner' = 'others',
): Promise<ImageRow[]> {
  if (profileIds.length === 0) return [];
  const shown =
    viewer === 'owner'
      ? photoShownToOwner(images.reviewStatus)
      : photoShownToOthers(ctx.sites, images.reviewStatus, images.profileId);
  return ctx.db
    .select()
    .from(images)
    .where(and(inArray(images.profileId, profileIds), shown))
    .orderBy(asc(images.profileId), asc(images.position), asc(images.id));
}

/** A visible member's public profile, or null for unknown, hidden or deleted members. */
export async function getPublicProfile(ctx: AppContext, id: number): Promise<PublicProfile | null> {
  const [row] = await ctx.db
    .select({ profile: profiles, status: users.status })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, id))
    .limit(1);
  if (!row || !row.profile.isVisible || row.status === 'deleted') return null;
  return toPublicProfile(row.profile, await loadImages(ctx, [id]), ctx.clock.now());
}

/** docs/product.md §3 User for the logged-in member `userId`, or null when the account is gone. */
export async function getUserView(ctx: AppContext, userId: number): Promise<User | null> {
  return (await getMemberView(ctx, userId))?.user ?? null;
}

/**
 * The User of getUserView and, from the same row, whether the account still waits for the
 * confirmation of its e-mail address (docs/product.md §2 activate-reminder); null when the account is gone.
 */
export async function getMemberView(
  ctx: AppContext,
  userId: number,
): Promise<{ user: User; awaitingConfirmation: boolean } | null> {
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.status === 'deleted') return null;
  const profile: OwnProfile = {
    ...toPublicProfile(row.profile, await loadImages(ctx, [userId], 'owner'), ctx.clock.now()),
    last_active_at: row.profile.lastActiveAt.toISOString(),
    date_of_birth: row.profile.dateOfBirth,
    lastSignupStep: row.profile.lastSignupStep,
    fictional_icon: false,
    fields: row.profile.fields,
  };
  const user: User = {
    email: row.user.email,
    profile,
    // docs/product.md §11 Premium: paid_user follows premium (and stays for accounts imported as paid).
    paid_user: isPaidMember(row.user, ctx.clock.now()),
    signup_date: row.user.createdAt.toISOString(),
    mailprovider: row.user.mailprovider,
    credits: row.user.credits,
    is_premium: isPremium(row.user.premiumUntil, ctx.clock.now()),
  };
  return { user, awaitingConfirmation: row.user.status === 'not_confirmed' };
}
