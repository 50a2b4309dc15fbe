import { and, desc, eq } from 'drizzle-orm';
import type { Like } from '~/shared/contracts/likes';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { likes, profiles } from '../db/schema';
import { loadImages, toPublicProfile } from '../members';
import { isBlockedEitherWay, notBlockedWith } from '../blocks';
import { announceLike } from './like-notice';

/**
 * Likes a visible member (docs/product.md §4 like toggle). Liking again keeps the first
 * like; liking yourself is refused, and so is liking within a blocked pair, either way
 * (`blocked`, docs/product.md §6). A new like is announced to the liked member at most once
 * per liker and LIKE_NOTICE_INTERVAL_MS (announceLike).
 */
export async function likeProfile(
  ctx: AppContext,
  likerId: number,
  likedId: number,
): Promise<Result<{ id: number; profile: number }, 'not_found' | 'validation_failed' | 'blocked'>> {
  if (likerId === likedId)
    return fail('validation_failed', undefined, [{ path: 'profile', message: 'likes.not_yourself' }]);
  const [target] = await ctx.db
    .select({ visible: profiles.isVisible })
    .from(profiles)
    .where(eq(profiles.id, likedId))
    .limit(1);
  if (!target?.visible) return fail('not_found');
  if (await isBlockedEitherWay(ctx, likerId, likedId)) return fail('blocked');
  const inserted = await ctx.db
    .insert(likes)
    .values({ likerId, likedId, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: likes.id });
  // The liked member's open pages update at once (nav badge) instead of at the next poll.
  if (inserted.length > 0) await announceLike(ctx, likerId, likedId);
  const [row] = await ctx.db
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
    .limit(1);
  return ok({ id: row!.id, profile: likedId });
}

/** Removes the member's like of `likedId`; true when there was one. */
export async function unlikeProfile(ctx: AppContext, likerId: number, likedId: number): Promise<boolean> {
  const removed = await ctx.db
    .delete(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
    .returning({ id: likes.id });
  return removed.length > 0;
}

/** docs/product.md §4: opening a profile marks that member's like of the viewer as not new. */
export async function markLikeSeen(ctx: AppContext, viewerId: number, profileId: number): Promise<void> {
  await ctx.db
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.likerId, profileId), eq(likes.likedId, viewerId), eq(likes.isNew, true)));
}

/**
 * docs/product.md §3 Likes response for a member: the likes they gave (`profiles`) and
 * received (`liked_by`), newest first, of visible members only.
 */
export async function listLikes(ctx: AppContext, userId: number): Promise<{ profiles: Like[]; liked_by: Like[] }> {
  const [given, received] = await Promise.all([
    ctx.db
      .select({ like: likes, profile: profiles })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likedId))
      .where(and(eq(likes.likerId, userId), eq(profiles.isVisible, true), notBlockedWith(userId)))
      .orderBy(desc(likes.createdAt), desc(likes.id)),
    ctx.db
      .select({ like: likes, profile: profiles })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likerId))
      .where(and(eq(likes.likedId, userId), eq(profiles.isVisible, true), notBlockedWith(userId)))
      .orderBy(desc(likes.createdAt), desc(likes.id)),
  ]);
  const likedIds = new Set(given.map((row) => row.profile.id));
  const ids = [...new Set([...given, ...received].map((row) => row.profile.id))];
  const imageRows = await loadImages(ctx, ids);
  const today = ctx.clock.now();
  const toLike = (row: (typeof given)[number], didLike: boolean, isNew: boolean): Like => ({
    id: row.like.id,
    profile: toPublicProfile(row.profile, imageRows, today),
    like_new: isNew,
    did_like_profile: didLike,
    created_at: row.like.createdAt.toISOString(),
  });
  return {
    profiles: given.map((row) => toLike(row, true, false)),
    liked_by: received.map((row) => toLike(row, likedIds.has(row.profile.id), row.like.isNew)),
  };
}
