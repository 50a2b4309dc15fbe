import { and, count, eq, gte, inArray, lt, min, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { conversions, messages, profiles, reports, users } from '../db/schema';
import { revenueReport } from '../payments';
import { dayEnd, dayStart, daysBefore, utcDay } from '../platform/audit/utc-days';

/** A count of today (UTC, so far) and of the 7 whole UTC days before it. */
export interface DayComparison {
  today: number;
  last7Days: number;
}

/** Net revenue (paid minus refunded, cents) of today and of the 7 days before, in one currency. */
export interface RevenueComparison {
  currency: string;
  todayCents: number;
  last7DaysCents: number;
}

export interface DashboardFigures {
  /** Today's UTC day (`YYYY-MM-DD`); "last 7 days" are the 7 days before it. */
  day: string;
  signups: DayComparison;
  activations: DayComparison;
  messages: DayComparison;
  /** Members (not demo, not deleted) active within the last 24 hours and 7 days. */
  activeMembers: { last24Hours: number; last7Days: number };
  /** Open reports and the age of the oldest (seconds; null when none is open). */
  openReports: { count: number; oldestAgeSeconds: number | null };
  /** Only for callers that may see money (`includeRevenue`); absent otherwise. */
  revenue?: RevenueComparison[];
}

const HOUR_MS = 60 * 60_000;

/**
 * docs/product.md §13 Dashboard: the console's figures, of one site or all. "Today" is the current
 * UTC day up to now, compared with the 7 whole UTC days before it: signups and activations (the
 * accounts' conversions, so the same numbers as the affiliates report), messages sent; members
 * active in the last 24 hours / 7 days; open reports and how long the oldest has waited; and with
 * `includeRevenue` the net revenue (docs/product.md §13 Payments: paid minus refunded) per currency.
 */
export async function dashboardFigures(
  ctx: AppContext,
  options: { site?: string; includeRevenue: boolean },
): Promise<DashboardFigures> {
  const now = ctx.clock.now();
  const day = utcDay(now);
  const todayStart = dayStart(day);
  const weekStart = dayStart(daysBefore(day, 7));
  const end = dayEnd(day);
  const site = options.site;
  const split = (at: typeof conversions.createdAt | typeof messages.createdAt) => ({
    today: sql<number>`(count(*) filter (where ${at} >= ${todayStart}))::int`,
    last7Days: sql<number>`(count(*) filter (where ${at} < ${todayStart}))::int`,
  });

  const [conversionRows, messageRows, activeRows, reportRows] = await Promise.all([
    ctx.db
      .select({ event: conversions.event, ...split(conversions.createdAt) })
      .from(conversions)
      .where(
        and(
          inArray(conversions.event, ['signup', 'activation']),
          gte(conversions.createdAt, weekStart),
          lt(conversions.createdAt, end),
          site ? eq(conversions.site, site) : undefined,
        ),
      )
      .groupBy(conversions.event),
    ctx.db
      .select(split(messages.createdAt))
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(gte(messages.createdAt, weekStart), lt(messages.createdAt, end), site ? eq(users.site, site) : undefined),
      ),
    ctx.db
      .select({
        last24Hours: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${new Date(now.getTime() - 24 * HOUR_MS)}))::int`,
        last7Days: sql<number>`count(*)::int`,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          gte(profiles.lastActiveAt, new Date(now.getTime() - 7 * 24 * HOUR_MS)),
          eq(users.isDemo, false),
          ne(users.status, 'deleted'),
          site ? eq(users.site, site) : undefined,
        ),
      ),
    ctx.db
      .select({ count: count(), oldest: min(reports.createdAt) })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.profileId))
      .where(and(eq(reports.status, 'open'), site ? eq(users.site, site) : undefined)),
  ]);

  const byEvent = (event: 'signup' | 'activation'): DayComparison => {
    const found = conversionRows.find((row) => row.event === event);
    return { today: Number(found?.today ?? 0), last7Days: Number(found?.last7Days ?? 0) };
  };
  const oldest = reportRows[0]?.oldest ?? null;
  const figures: DashboardFigures = {
    day,
    signups: byEvent('signup'),
    activations: byEvent('activation'),
    messages: { today: Number(messageRows[0]?.today ?? 0), last7Days: Number(messageRows[0]?.last7Days ?? 0) },
    activeMembers: {
      last24Hours: Number(activeRows[0]?.last24Hours ?? 0),
      last7Days: Number(activeRows[0]?.last7Days ?? 0),
    },
    openReports: {
      count: Number(reportRows[0]?.count ?? 0),
      oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - new Date(oldest).getTime()) / 1000)) : null,
    },
  };
  if (options.includeRevenue) figures.revenue = await revenueComparison(ctx, day, site);
  return figures;
}

/** Net revenue per currency today and in the 7 days before (currencies of either period). */
async function revenueComparison(ctx: AppContext, day: string, site?: string): Promise<RevenueComparison[]> {
  const [today, week] = await Promise.all([
    revenueReport(ctx, { from: day, to: day, by: 'currency', site }),
    revenueReport(ctx, { from: daysBefore(day, 7), to: daysBefore(day, 1), by: 'currency', site }),
  ]);
  const currencies = [...new Set([...today, ...week].map((row) => row.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    todayCents: today.find((row) => row.currency === currency)?.netCents ?? 0,
    last7DaysCents: week.find((row) => row.currency === currency)?.netCents ?? 0,
  }));
}
