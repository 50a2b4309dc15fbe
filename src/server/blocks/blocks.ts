import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BlockedMember } from '~/shared/contracts/safety';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { blocks, profiles, users } from '../db/schema';

/**
 * Blocking: a member blocks another; from then on no messages go
 * either way and neither appears in the other's search or likes.
 */
export async function blockMember(
  ctx: AppContext,
  blockerId: number,
  blockedId: number,
): Promise<Result<{ blocked: true }, 'not_found' | 'validation_failed'>> {
  if (blockerId === blockedId)
    return fail('validation_failed', undefined, [{ path: 'profile', message: 'safety.not_yourself' }]);
  const [target] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, blockedId)).limit(1);
  if (!target) return fail('not_found');
  await ctx.db.insert(blocks).values({ blockerId, blockedId, createdAt: ctx.clock.now() }).onConflictDoNothing();
  return ok({ blocked: true });
}

/** Most blocks one member's list shows (docs/product.md §10 Blocked members). */
export const BLOCKED_LIST_LIMIT = 500;

/**
 * docs/product.md §10 Blocked members: the members `blockerId` blocked, most recent first (at most
 * BLOCKED_LIST_LIMIT), each by id and current name only. Members who deleted their account are left
 * out (there is nobody left to unblock).
 */
export async function listBlockedMembers(ctx: AppContext, blockerId: number): Promise<BlockedMember[]> {
  const rows = await ctx.db
    .select({ id: blocks.blockedId, name: profiles.name, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), ne(users.status, 'deleted')))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKED_LIST_LIMIT);
  return rows.map((row) => ({ id: row.id, name: row.name, blocked_at: row.createdAt.toISOString() }));
}

/**
 * The member `blockedId` as their blocker `blockerId` may still see them (docs/product.md §10
 * Blocked members: the profile page of someone you blocked offers Unblock): id and name only, or
 * null when `blockerId` did not block them or their account is deleted.
 */
export async function blockedByViewer(
  ctx: AppContext,
  blockerId: number,
  blockedId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await ctx.db
    .select({ id: blocks.blockedId, name: profiles.name })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId), ne(users.status, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** Removes `blockerId`'s block of `blockedId` (idempotent); a block the other member made stays. */
export async function unblockMember(ctx: AppContext, blockerId: number, blockedId: number): Promise<void> {
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** True when either member blocked the other. */
export async function isBlockedEitherWay(ctx: AppContext, a: number, b: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return row !== undefined;
}

/** Search/likes condition: `column` (a member id) is not blocked by or blocking `viewerId`. */
export function notBlockedWith(viewerId: number, column: SQL | typeof profiles.id = profiles.id): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${column}) OR (b.blocked_id = ${viewerId} AND b.blocker_id = ${column}))`;
}
