import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';

/** Why a member may not have a session (docs/product.md §13 Member actions). */
export type MemberRestriction = 'account_banned' | 'account_suspended';

/**
 * docs/product.md §13 Member actions: a ban holds until an operator lifts it; a suspension until
 * `suspendedUntil` has passed (the periodic job clears the column soon after, but the time
 * decides, so an ended suspension never refuses a log-in while the job has not run yet).
 */
export function restrictionOf(
  member: { suspendedUntil: Date | null; bannedAt: Date | null },
  now: Date,
): MemberRestriction | null {
  if (member.bannedAt) return 'account_banned';
  if (member.suspendedUntil && member.suspendedUntil.getTime() > now.getTime()) return 'account_suspended';
  return null;
}

/**
 * The restriction of account `userId` now, or null (also for an unknown id). Every way of
 * starting a session for an existing member checks it: log-in, password reset, the
 * complete-signup link.
 */
export async function accountRestriction(ctx: AppContext, userId: number): Promise<MemberRestriction | null> {
  const [row] = await ctx.db
    .select({ suspendedUntil: users.suspendedUntil, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? restrictionOf(row, ctx.clock.now()) : null;
}
