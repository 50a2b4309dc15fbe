import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { blocks, profiles } from '../db/schema';

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
