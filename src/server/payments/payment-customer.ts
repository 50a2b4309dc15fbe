import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentCustomers } from '../db/schema';

/**
 * docs/product.md §11 Repeat orders: the member's customer at this server's provider, created on
 * first need (with our user id only, nothing personal) and reused so their mandates accumulate.
 * @throws PaymentProviderError when the provider cannot be reached.
 */
export async function paymentCustomer(ctx: AppContext, userId: number): Promise<string> {
  const provider = ctx.payments.name;
  const existing = async () =>
    (
      await ctx.db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
    )[0]?.customerId;
  const known = await existing();
  if (known) return known;
  const created = await ctx.payments.createCustomer({ user: String(userId) });
  await ctx.db.insert(paymentCustomers).values({ userId, provider, customerId: created }).onConflictDoNothing();
  // Two first purchases at once: both created a customer, the first stored wins.
  return (await existing())!;
}
