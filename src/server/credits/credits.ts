import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditLedger, users } from '../db/schema';

/** A drizzle transaction or the database itself. */
type Executor = Pick<Db, 'update' | 'insert' | 'select'>;

/**
 * CTEs that take `amount` credits from a member inside the caller's statement,
 * with a ledger row (docs/architecture.md §6 convention 12): `debit (credits)` has one
 * row with the new balance when the balance allowed it, none otherwise; the
 * ledger row is written only then. The check and the debit are one conditional
 * UPDATE, so concurrent spends can never take the balance below zero. A member
 * who owes credits after a refund (`credit_debt` > 0) gets no row, whatever the
 * amount (docs/product.md §11 Refunds: sending is blocked until settled). An
 * amount of 0 debits nothing and just reads the balance. `at` is a timestamptz SQL value.
 */
export function debitCreditsSql(userId: number, amount: number, reason: string, at: SQL): SQL {
  const debit =
    amount > 0
      ? sql`UPDATE ${users} SET credits = credits - ${amount} WHERE id = ${userId} AND credits >= ${amount} AND credit_debt = 0 RETURNING credits`
      : sql`SELECT credits FROM ${users} WHERE id = ${userId} AND credit_debt = 0`;
  return sql`debit AS (${debit}),
    ledger AS (
      INSERT INTO ${creditLedger} (user_id, delta, reason, created_at)
      SELECT ${userId}, ${-amount}, ${reason}, ${at} FROM debit WHERE ${amount} > 0)`;
}

/**
 * Gives a member `amount` credits (welcome credits, purchases) with a ledger row naming the
 * payment transaction behind it, if any; returns the new balance.
 */
export async function grantCredits(
  tx: Executor,
  userId: number,
  amount: number,
  reason: string,
  transactionId: number | null = null,
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  await tx.insert(creditLedger).values({ userId, delta: amount, reason, transactionId });
  return row?.credits ?? 0;
}
