import { and, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentTransactions, subscriptions, users } from '../db/schema';

/** A premium renewal the provider could not charge. Amount in cents of `currency`. */
export interface FailedRenewal {
  /** The renewal's payment transaction. */
  id: number;
  memberId: number;
  /** Null for a deleted account. */
  memberEmail: string | null;
  site: string;
  planId: string;
  months: number;
  amountCents: number;
  currency: string;
  method: string;
  /** When the failure was recorded. */
  failedAt: Date;
  subscriptionId: number;
  /** The plan now: `active` (renews again next period), `cancelled`. */
  subscriptionStatus: 'pending' | 'active' | 'cancelled';
  /** Premium's end now (it ends then unless the member buys again). */
  premiumUntil: Date | null;
}

/**
 * docs/product.md §13 Payments, failed renewals: premium renewals whose charge failed, most recent
 * first (by transaction id), `limit` per page, `before` pages back, optionally of one site. A
 * renewal is a premium transaction of a subscription that had an earlier transaction (its first
 * payment, made when the member bought the plan); the provider's failed charge ends it `failed`
 * (docs/product.md §11 Premium: the member was mailed).
 * @returns the page and whether older ones exist.
 */
export async function failedRenewals(
  ctx: AppContext,
  filter: { site?: string; before?: number; limit: number },
): Promise<{ renewals: FailedRenewal[]; hasMore: boolean }> {
  const where: SQL[] = [
    eq(paymentTransactions.product, 'premium'),
    eq(paymentTransactions.status, 'failed'),
    isNotNull(paymentTransactions.subscriptionId),
    // The outer column is written out in full: drizzle renders it unqualified inside the subquery.
    sql`exists (select 1 from ${paymentTransactions} earlier where earlier.subscription_id = "payment_transactions"."subscription_id" and earlier.id < "payment_transactions"."id")`,
  ];
  if (filter.site) where.push(eq(paymentTransactions.site, filter.site));
  if (filter.before !== undefined) where.push(lt(paymentTransactions.id, filter.before));
  const rows = await ctx.db
    .select({
      id: paymentTransactions.id,
      memberId: paymentTransactions.userId,
      email: users.email,
      accountStatus: users.status,
      site: paymentTransactions.site,
      planId: paymentTransactions.productId,
      months: paymentTransactions.premiumMonths,
      amountCents: paymentTransactions.amountCents,
      currency: paymentTransactions.currency,
      method: paymentTransactions.method,
      failedAt: paymentTransactions.updatedAt,
      subscriptionId: subscriptions.id,
      subscriptionStatus: subscriptions.status,
      premiumUntil: users.premiumUntil,
    })
    .from(paymentTransactions)
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .innerJoin(subscriptions, eq(subscriptions.id, paymentTransactions.subscriptionId))
    .where(and(...where))
    .orderBy(desc(paymentTransactions.id))
    .limit(filter.limit + 1);
  return {
    renewals: rows
      .slice(0, filter.limit)
      .map(({ email, accountStatus, ...row }) => ({ ...row, memberEmail: accountStatus === 'deleted' ? null : email })),
    hasMore: rows.length > filter.limit,
  };
}
