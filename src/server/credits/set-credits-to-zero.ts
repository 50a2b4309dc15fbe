import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { creditLedger, users } from '../db/schema';

/**
 * Developer action (docs/product.md §2 developer panel): empties a member's credit balance,
 * recording the change in the ledger in the same transaction.
 * @returns the credits removed.
 */
export async function setCreditsToZero(ctx: AppContext, userId: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
    const credits = row?.credits ?? 0;
    if (credits !== 0) {
      await tx
        .insert(creditLedger)
        .values({ userId, delta: -credits, reason: 'dev_reset', createdAt: ctx.clock.now() });
      await tx.update(users).set({ credits: 0 }).where(eq(users.id, userId));
    }
    return credits;
  });
}
