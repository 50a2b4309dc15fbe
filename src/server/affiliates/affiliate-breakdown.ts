import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { conversions, landerVisits } from '../db/schema';
import { dayEnd, dayStart } from '../operators/utc-days';
import { networkKey } from './lander-visits';
import { wilsonRate, type Rate } from './proportions';

/** One row of the affiliates breakdown; counts are of the accounts that signed up in the row's period. */
export interface BreakdownRow {
  /** Lower case, or null for traffic without a network. */
  network: string | null;
  /** The lander design, `(none)` for signups not through an entry link. */
  lander: string;
  /** `{experiment}:{variant}`, or null outside an experiment. */
  variant: string | null;
  /** The UTC day (`YYYY-MM-DD`) with `byDay`, else null (the whole period). */
  day: string | null;
  visits: number;
  signups: number;
  activations: number;
  sales: number;
  /** Per visit, with 95 % Wilson intervals (docs/product.md §12 Lander report). */
  signupRate: Rate;
  activationRate: Rate;
  saleRate: Rate;
}

export interface BreakdownInput {
  site: string;
  /** First and last UTC day (`YYYY-MM-DD`), both included. */
  from: string;
  to: string;
  /** One row per UTC day too. */
  byDay: boolean;
}

type Counts = Omit<BreakdownRow, 'signupRate' | 'activationRate' | 'saleRate'>;

/**
 * docs/product.md §13 Affiliates: the lander report's counts (docs/product.md §12) split further
 * by network and, with `byDay`, by UTC day: entry-link visits, and of the accounts that signed up
 * then, how many signed up, confirmed their e-mail and bought (whenever that came), each as a rate
 * per visit. A signup counts on its signup day. Network names are compared as the visit counter
 * keeps them (lower case). Sorted by network (none first), lander, variant, day.
 */
export async function affiliateBreakdown(ctx: AppContext, input: BreakdownInput): Promise<BreakdownRow[]> {
  const start = dayStart(input.from);
  const end = dayEnd(input.to);
  const visitDay = input.byDay ? sql<string>`${landerVisits.day}::text` : sql<string>`''`;
  const visitRows = await ctx.db
    .select({
      network: landerVisits.network,
      lander: landerVisits.lander,
      variant: landerVisits.variant,
      day: visitDay,
      visits: sql<number>`sum(${landerVisits.visits})::int`,
    })
    .from(landerVisits)
    .where(and(eq(landerVisits.site, input.site), gte(landerVisits.day, input.from), lte(landerVisits.day, input.to)))
    .groupBy(
      landerVisits.network,
      landerVisits.lander,
      landerVisits.variant,
      ...(input.byDay ? [landerVisits.day] : []),
    );

  const signupDay = sql<string>`to_char(${conversions.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  // The outer row's column is written out in full: drizzle renders it unqualified inside the subquery.
  const later = (event: 'activation' | 'sale') =>
    sql<number>`(count(*) filter (where exists (select 1 from ${conversions} later where later.user_id = "conversions"."user_id" and later.event = ${event})))::int`;
  const signupRows = await ctx.db
    .select({
      network: conversions.network,
      lander: conversions.lander,
      variant: conversions.variant,
      day: input.byDay ? signupDay : sql<string>`''`,
      signups: sql<number>`count(*)::int`,
      activations: later('activation'),
      sales: later('sale'),
    })
    .from(conversions)
    .where(
      and(
        eq(conversions.site, input.site),
        eq(conversions.event, 'signup'),
        gte(conversions.createdAt, start),
        lt(conversions.createdAt, end),
      ),
    )
    .groupBy(conversions.network, conversions.lander, conversions.variant, ...(input.byDay ? [signupDay] : []));

  const byKey = new Map<string, Counts>();
  const row = (network: string, lander: string, variant: string | null, day: string) => {
    const key = [network, lander, variant ?? '', day].join('\u0000');
    let found = byKey.get(key);
    if (!found) {
      found = {
        network: network || null,
        lander,
        variant,
        day: day || null,
        visits: 0,
        signups: 0,
        activations: 0,
        sales: 0,
      };
      byKey.set(key, found);
    }
    return found;
  };
  for (const visit of visitRows)
    row(visit.network, visit.lander, visit.variant || null, visit.day).visits += Number(visit.visits);
  for (const signup of signupRows) {
    const counts = row(networkKey(signup.network), signup.lander ?? '(none)', signup.variant, signup.day);
    counts.signups += Number(signup.signups);
    counts.activations += Number(signup.activations);
    counts.sales += Number(signup.sales);
  }
  return [...byKey.values()]
    .sort(
      (a, b) =>
        (a.network ?? '').localeCompare(b.network ?? '') ||
        a.lander.localeCompare(b.lander) ||
        (a.variant ?? '').localeCompare(b.variant ?? '') ||
        (a.day ?? '').localeCompare(b.day ?? ''),
    )
    .map((counts) => ({
      ...counts,
      signupRate: wilsonRate(counts.signups, counts.visits),
      activationRate: wilsonRate(counts.activations, counts.visits),
      saleRate: wilsonRate(counts.sales, counts.visits),
    }));
}
