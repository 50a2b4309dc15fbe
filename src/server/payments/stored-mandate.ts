import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PaymentMethod } from '~/shared/payments';
import type { AppContext } from '../context';
import { paymentTransactions } from '../db/schema';

/**
 * docs/product.md §11 Repeat order: the mandate the member's latest paid payment with `method`
 * left (or charged) at this server's provider, or null when there is none — then a repeat order
 * opens the checkout instead.
 */
export async function storedMandate(
  ctx: AppContext,
  userId: number,
  method: PaymentMethod,
): Promise<{ customerId: string; mandateId: string } | null> {
  const [row] = await ctx.db
    .select({ customerId: paymentTransactions.customerId, mandateId: paymentTransactions.mandateId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, userId),
        eq(paymentTransactions.provider, ctx.payments.name),
        eq(paymentTransactions.method, method),
        eq(paymentTransactions.status, 'paid'),
        isNotNull(paymentTransactions.mandateId),
        isNotNull(paymentTransactions.customerId),
      ),
    )
    .orderBy(desc(paymentTransactions.paidAt))
    .limit(1);
  return row?.customerId && row.mandateId ? { customerId: row.customerId, mandateId: row.mandateId } : null;
}
