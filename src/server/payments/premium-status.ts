import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PremiumStatus } from '~/shared/contracts/payments';
import { isPremium } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import { subscriptions, users } from '../db/schema';

/**
 * docs/product.md §11 Premium: the member's premium end, whether it runs now, and their latest
 * plan: the one that renews, else the latest cancelled one while its paid period lasts.
 */
export async function premiumStatus(ctx: AppContext, userId: number): Promise<PremiumStatus> {
  const [user] = await ctx.db.select({ premiumUntil: users.premiumUntil }).from(users).where(eq(users.id, userId));
  const premiumUntil = user?.premiumUntil ?? null;
  const now = ctx.clock.now();
  const premium = isPremium(premiumUntil, now);
  const [plan] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'cancelled'])))
    .orderBy(sql`${subscriptions.status} = 'active' DESC`, desc(subscriptions.updatedAt))
    .limit(1);
  const shown = plan && (plan.status === 'active' || premium) ? plan : null;
  return {
    premium_until: premiumUntil?.toISOString() ?? null,
    is_premium: premium,
    subscription: shown
      ? {
          plan: shown.planId,
          months: shown.months,
          status: shown.status === 'active' ? 'active' : 'cancelled',
          amount_cents: shown.amountCents,
          currency: shown.currency,
        }
      : null,
  };
}
