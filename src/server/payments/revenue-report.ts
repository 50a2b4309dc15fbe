import { and, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentTransactions, profiles } from '../db/schema';
import { dayEnd, dayStart } from '../platform/audit/utc-days';

/** What one revenue row is per: a UTC day, a site, the member's country, or only its currency. */
export const REVENUE_GROUPINGS = ['day', 'site', 'country', 'currency'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

/** One row of the revenue report: one group in one currency. Amounts in cents of `currency`. */
export interface RevenueRow {
  /** The day (`YYYY-MM-DD`), site (package name) or country (ISO alpha-2); '' when grouped by currency only. */
  key: string;
  currency: string;
  /** Payments received in the period, and their sum. */
  payments: number;
  paidCents: number;
  /** Refunds and chargebacks in the period, and their sum. */
  refunds: number;
  refundedCents: number;
  /** `paidCents - refundedCents`. */
  netCents: number;
}

export interface RevenueInput {
  /** First and last UTC day (`YYYY-MM-DD`), both included. */
  from: string;
  to: string;
  by: RevenueGrouping;
  site?: string;
}

/**
 * docs/product.md §13 Payments, revenue: money received minus money given back, per group and
 * currency (amounts in different currencies are never added up), for the UTC days `from`–`to`.
 * A payment counts on the day it was paid; a refund or chargeback counts, negatively, on the day
 * the payment was reversed — so a period's net is what it actually kept, and a payment refunded
 * later shows in both days. The country is the member's profile country (the transaction's
 * pricing country when the profile has none). Rows are sorted by key, then currency.
 */
export async function revenueReport(ctx: AppContext, input: RevenueInput): Promise<RevenueRow[]> {
  const start = dayStart(input.from);
  const end = dayEnd(input.to);
  const side = async (at: AnyColumn, statuses: ('paid' | 'refunded')[]) => {
    const key = groupKey(input.by, at);
    return (
      ctx.db
        .select({
          key,
          currency: paymentTransactions.currency,
          count: sql<number>`count(*)::int`,
          cents: sql<number>`coalesce(sum(${paymentTransactions.amountCents}), 0)::bigint`,
        })
        .from(paymentTransactions)
        .leftJoin(profiles, eq(profiles.id, paymentTransactions.userId))
        .where(
          and(
            inArray(paymentTransactions.status, statuses),
            isNotNull(at),
            gte(at, start),
            lt(at, end),
            input.site ? eq(paymentTransactions.site, input.site) : undefined,
          ),
        )
        // A constant is no GROUP BY item in SQL: by currency alone, only the currency groups.
        .groupBy(...(input.by === 'currency' ? [] : [key]), paymentTransactions.currency)
    );
  };
  // Every refunded transaction was paid first, so it counts as received on its paid day too.
  const [paid, refunded] = await Promise.all([
    side(paymentTransactions.paidAt, ['paid', 'refunded']),
    side(paymentTransactions.refundedAt, ['refunded']),
  ]);
  const rows = new Map<string, RevenueRow>();
  const row = (key: string, currency: string) => {
    const id = `${key}\u0000${currency}`;
    let found = rows.get(id);
    if (!found) {
      found = { key, currency, payments: 0, paidCents: 0, refunds: 0, refundedCents: 0, netCents: 0 };
      rows.set(id, found);
    }
    return found;
  };
  for (const group of paid) {
    const target = row(group.key, group.currency);
    target.payments += Number(group.count);
    target.paidCents += Number(group.cents);
  }
  for (const group of refunded) {
    const target = row(group.key, group.currency);
    target.refunds += Number(group.count);
    target.refundedCents += Number(group.cents);
  }
  return [...rows.values()]
    .map((each) => ({ ...each, netCents: each.paidCents - each.refundedCents }))
    .sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency));
}

/** The SQL of a row's key: the UTC day of `at`, the site, the member's country, or nothing. */
function groupKey(by: RevenueGrouping, at: AnyColumn): SQL<string> {
  switch (by) {
    case 'day':
      return sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    case 'site':
      return sql<string>`${paymentTransactions.site}`;
    case 'country':
      return sql<string>`coalesce(${profiles.country}, ${paymentTransactions.country})`;
    case 'currency':
      return sql<string>`''`;
  }
}
