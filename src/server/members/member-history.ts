import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberRecord, MemberReportView } from '~/shared/contracts/admin/members';
import { liveSessionsOf } from '../platform/accounts/list-sessions';
import { describeUserAgent } from '../platform/accounts/user-agent';
import type { AppContext } from '../context';
import { creditLedger, paymentTransactions, profiles, reports } from '../db/schema';

/** Rows of each list on a member's record in the console (docs/product.md §13 Members). */
export const RECORD_LEDGER_ROWS = 50;
export const RECORD_TRANSACTION_ROWS = 50;
export const RECORD_REPORT_ROWS = 20;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The member's live sessions: device, country, start and last activity; never the id or token. */
export async function memberSessions(ctx: AppContext, userId: number): Promise<MemberRecord['sessions']> {
  const rows = await liveSessionsOf(ctx, userId);
  return rows.map((row) => ({
    ...describeUserAgent(row.userAgent),
    country: row.country,
    startedAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastSeenAt.toISOString(),
  }));
}

/** The latest credit ledger rows, newest first, with the public id of the transaction behind each. */
export async function memberLedger(ctx: AppContext, userId: number): Promise<MemberRecord['ledger']> {
  const rows = await ctx.db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      shortfall: creditLedger.shortfall,
      transaction: paymentTransactions.publicId,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(paymentTransactions, eq(paymentTransactions.id, creditLedger.transactionId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(RECORD_LEDGER_ROWS);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The latest payment transactions, newest first (amounts in cents, VAT included). */
export async function memberTransactions(ctx: AppContext, userId: number): Promise<MemberRecord['transactions']> {
  const rows = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(desc(paymentTransactions.id))
    .limit(RECORD_TRANSACTION_ROWS);
  return rows.map((row) => ({
    id: row.id,
    publicId: row.publicId,
    product: row.product,
    productId: row.productId,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    credits: row.credits + row.bonusCredits,
    premiumMonths: row.premiumMonths,
    discountCode: row.discountCode,
    method: row.method,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
  }));
}

/**
 * Reports the member made (`by`) and reports about the member (`about`), the latest
 * `RECORD_REPORT_ROWS` each, with the other member's id and name.
 */
export async function memberReports(
  ctx: AppContext,
  userId: number,
): Promise<{ by: MemberReportView[]; about: MemberReportView[] }> {
  const other = alias(profiles, 'other');
  const columns = {
    id: reports.id,
    reason: reports.reason,
    details: reports.details,
    status: reports.status,
    outcome: reports.outcome,
    createdAt: reports.createdAt,
    resolvedAt: reports.resolvedAt,
  };
  const [by, about] = await Promise.all([
    ctx.db
      .select({ ...columns, otherId: reports.profileId, otherName: other.name })
      .from(reports)
      .leftJoin(other, eq(other.id, reports.profileId))
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.id))
      .limit(RECORD_REPORT_ROWS),
    ctx.db
      .select({ ...columns, otherId: reports.reporterId, otherName: other.name })
      .from(reports)
      .leftJoin(other, eq(other.id, reports.reporterId))
      .where(eq(reports.profileId, userId))
      .orderBy(desc(reports.id))
      .limit(RECORD_REPORT_ROWS),
  ]);
  const view = (row: (typeof by)[number]): MemberReportView => ({
    ...row,
    otherName: row.otherName ?? '',
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
  });
  return { by: by.map(view), about: about.map(view) };
}
