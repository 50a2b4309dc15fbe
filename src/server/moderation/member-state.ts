import { eq } from 'drizzle-orm';
import type { MemberModerationView } from '~/shared/contracts/admin/moderation';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';

type UserState = Pick<typeof users.$inferSelect, 'id' | 'status' | 'suspendedUntil' | 'bannedAt'>;

/**
 * docs/product.md §13 Member actions: a member's account state as the console shows it. A
 * suspension whose end has passed shows as none (the periodic job clears it soon after).
 */
export function memberModerationView(
  user: UserState,
  profile: { isVisible: boolean },
  now: Date,
): MemberModerationView {
  const suspended = user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();
  return {
    memberId: user.id,
    status: user.status,
    suspendedUntil: suspended ? user.suspendedUntil!.toISOString() : null,
    bannedAt: user.bannedAt?.toISOString() ?? null,
    visible: profile.isVisible,
  };
}

/** The account state of member `memberId` now, or null when there is no such member. */
export async function loadMemberModeration(ctx: AppContext, memberId: number): Promise<MemberModerationView | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      status: users.status,
      suspendedUntil: users.suspendedUntil,
      bannedAt: users.bannedAt,
      isVisible: profiles.isVisible,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, memberId));
  return row ? memberModerationView(row, row, ctx.clock.now()) : null;
}
