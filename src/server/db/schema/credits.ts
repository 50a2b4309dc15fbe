import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Credit tables: the ledger of every change of a member's balance (the balance itself is `users.credits`).
 */

/** Every change of a member's credit balance (docs/architecture.md §6, convention 12). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Credits added (positive) or spent (negative). */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);
