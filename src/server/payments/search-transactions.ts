import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentTransactions, users, type TransactionStatus } from '../db/schema';
import { dayEnd, dayStart } from '../platform/audit/utc-days';

/** The filters of the console's transaction list; every one optional. */
export interface TransactionFilter {
  site?: string;
  status?: TransactionStatus;
  method?: string;
  /** First and last UTC day (`YYYY-MM-DD`, both included) of the transaction's creation. */
  from?: string;
  to?: string;
  memberId?: number;
  /** Transactions with a lower id than this (the next, older page). */
  before?: number;
  limit: number;
}

/** One payment transaction as the console lists it. Amounts in cents of `currency`. */
export interface TransactionListItem {
  id: number;
  memberId: number;
  /** Null for a deleted account (its address is no longer kept). */
  memberEmail: string | null;
  site: string;
  product: 'credits' | 'premium';
  productId: string;
  credits: number;
  bonusCredits: number;
  premiumMonths: number;
  amountCents: number;
  currency: string;
  vatCents: number;
  discountCode: string | null;
  discountCents: number;
  country: string;
  method: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  provider: string;
  providerPaymentId: string | null;
  status: TransactionStatus;
  createdAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
}

/** The columns of a `TransactionListItem`, for this query and the refund's answer. */
export const transactionListColumns = {
  id: paymentTransactions.id,
  memberId: paymentTransactions.userId,
  email: users.email,
  accountStatus: users.status,
  site: paymentTransactions.site,
  product: paymentTransactions.product,
  productId: paymentTransactions.productId,
  credits: paymentTransactions.credits,
  bonusCredits: paymentTransactions.bonusCredits,
  premiumMonths: paymentTransactions.premiumMonths,
  amountCents: paymentTransactions.amountCents,
  currency: paymentTransactions.currency,
  vatCents: paymentTransactions.vatCents,
  discountCode: paymentTransactions.discountCode,
  discountCents: paymentTransactions.discountCents,
  country: paymentTransactions.country,
  method: paymentTransactions.method,
  sequenceType: paymentTransactions.sequenceType,
  provider: paymentTransactions.provider,
  providerPaymentId: paymentTransactions.providerPaymentId,
  status: paymentTransactions.status,
  createdAt: paymentTransactions.createdAt,
  paidAt: paymentTransactions.paidAt,
  refundedAt: paymentTransactions.refundedAt,
};

type ListRow = { email: string; accountStatus: string } & Omit<TransactionListItem, 'memberEmail'>;

/** A selected row as the list item (a deleted account's e-mail column holds a hash, not an address). */
export function toListItem({ email, accountStatus, ...row }: ListRow): TransactionListItem {
  return { ...row, memberEmail: accountStatus === 'deleted' ? null : email };
}

/**
 * docs/product.md §13 Payments: payment transactions newest first (by id), filtered by site,
 * status, method, UTC creation days and member, `limit` per page; `before` pages back.
 * @returns the page and whether older transactions match too.
 */
export async function searchTransactions(
  ctx: AppContext,
  filter: TransactionFilter,
): Promise<{ transactions: TransactionListItem[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (filter.site) where.push(eq(paymentTransactions.site, filter.site));
  if (filter.status) where.push(eq(paymentTransactions.status, filter.status));
  if (filter.method) where.push(eq(paymentTransactions.method, filter.method));
  if (filter.from) where.push(gte(paymentTransactions.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(paymentTransactions.createdAt, dayEnd(filter.to)));
  if (filter.memberId !== undefined) where.push(eq(paymentTransactions.userId, filter.memberId));
  if (filter.before !== undefined) where.push(lt(paymentTransactions.id, filter.before));
  const rows = await ctx.db
    .select(transactionListColumns)
    .from(paymentTransactions)
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .where(and(...where))
    .orderBy(desc(paymentTransactions.id))
    .limit(filter.limit + 1);
  return { transactions: rows.slice(0, filter.limit).map(toListItem), hasMore: rows.length > filter.limit };
}
