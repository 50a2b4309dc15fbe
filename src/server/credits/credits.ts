import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditLedger, users } from '../db/schema';

/** A drizzle transaction or the database itself. */
type Executor = Pick<Db, 'update' | 'insert' | 'select'>;

/**
 * Takes `amount` credits from a member inside the caller's transaction, with a
 * ledger row (ARCHITECTURE §Conventions 12). The balance check and the debit
 * are one conditional UPDATE, so concurrent spends can never take the balance
 * below zero. Returns the new balance, or null when the balance is too low.
 */
export async function spendCredits(tx: Executor, userId: number, amount: number, reason: string): Promise<number | null> {
  if (amount <= 0) {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    return row?.credits ?? null;
  }
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.credits, amount)))
    .returning({ credits: users.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({ userId, delta: -amount, reason });
  return row.credits;
}

/** Gives a member `amount` credits (welcome credits, purchases) with a ledger row; returns the new balance. */
export async function grantCredits(tx: Executor, userId: number, amount: number, reason: string): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  await tx.insert(creditLedger).values({ userId, delta: amount, reason });
  return row?.credits ?? 0;
}
