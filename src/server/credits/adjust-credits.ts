import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { creditLedger, users } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';

/** Prefix of the ledger reason of an operator's adjustment: `adjustment:<the operator's reason>`. */
export const ADJUSTMENT_REASON_PREFIX = 'adjustment:';

/**
 * docs/product.md §13 Members, credits adjustment: adds (`amount` > 0) or takes (`amount` < 0)
 * whole credits, with a ledger row whose reason is `adjustment:` + the operator's reason, and the
 * audit row, in one database transaction. Taking is one conditional UPDATE, so the balance never
 * goes below 0, even against a concurrent spend. A credit debt is left as it is (only a purchase
 * settles it, docs/product.md §11 Refunds).
 * @returns the new balance. Failures: `not_found` (no such member), `conflict` with
 * `admin.member_deleted` (a deleted account) or `admin.credits_below_zero` (fewer credits than taken).
 */
export async function adjustCredits(
  ctx: AppContext,
  actor: OperatorActor,
  input: { userId: number; amount: number; reason: string },
): Promise<Result<{ credits: number }, 'not_found' | 'conflict'>> {
  const { userId, amount } = input;
  const reason = input.reason.trim();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(and(eq(users.id, userId), ne(users.status, 'deleted'), gte(users.credits, Math.max(0, -amount))))
      .returning({ credits: users.credits });
    if (!updated) {
      const [member] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
      if (!member) return fail('not_found');
      return fail('conflict', member.status === 'deleted' ? 'admin.member_deleted' : 'admin.credits_below_zero');
    }
    await tx
      .insert(creditLedger)
      .values({ userId, delta: amount, reason: `${ADJUSTMENT_REASON_PREFIX}${reason}`, createdAt: now });
    await recordAudit(
      tx,
      actor,
      {
        action: 'credits.adjust',
        objectType: 'member',
        objectId: userId,
        before: { credits: updated.credits - amount },
        after: { credits: updated.credits, delta: amount, reason },
      },
      now,
    );
    return ok({ credits: updated.credits });
  });
}
