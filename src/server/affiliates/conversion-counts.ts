import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { conversions, landerVisits } from '../db/schema';
import { dayEnd, dayStart } from '../platform/audit/utc-days';
import { networkKey } from './lander-visits';
import { wilsonRate, type Rate } from './proportions';

/** Counts of one lander design and variant (and network and UTC day, when split by them). */
export interface ConversionCounts {
  /** Lower case as the visit counter keeps it; '' for traffic without a network, or when not split by network. */
  network: string;
  /** The lander design, `(none)` for signups not through an entry link. */
  lander: string;
  /** `{experiment}:{variant}`, or null outside an experiment. */
  variant: string | null;
  /** `YYYY-MM-DD` when split by day, else ''. */
  day: string;
  visits: number;
  signups: number;
  activations: number;
  sales: number;
}

/** Rates per visit with 95 % Wilson intervals (docs/product.md §12 Lander report). */
export interface ConversionRates {
  signupRate: Rate;
  activationRate: Rate;
  saleRate: Rate;
}

/**
 * docs/product.md §12 Lander report, §13 Affiliates: the entry-link visits of the UTC days
 * `from`–`to` (both included) and, of the accounts that signed up in those days (a signup counts
 * on its signup day), how many signed up, confirmed their e-mail and bought (at any time since),
 * per lander design and variant, and also per network (`byNetwork`) and UTC day (`byDay`).
 * Sorted by network, design, variant, day.
 */
export async function countConversions(
  ctx: AppContext,
  input: { site: string; from: string; to: string; byNetwork: boolean; byDay: boolean },
): Promise<ConversionCounts[]> {
  const none = sql<string>`''`;
  const visitRows = await ctx.db
    .select({
      network: input.byNetwork ? landerVisits.network : none,
      lander: landerVisits.lander,
      variant: landerVisits.variant,
      day: input.byDay ? sql<string>`${landerVisits.day}::text` : none,
      visits: sql<number>`sum(${landerVisits.visits})::int`,
    })
    .from(landerVisits)
    .where(and(eq(landerVisits.site, input.site), gte(landerVisits.day, input.from), lte(landerVisits.day, input.to)))
    .groupBy(
      landerVisits.lander,
      landerVisits.variant,
      ...(input.byNetwork ? [landerVisits.network] : []),
      ...(input.byDay ? [landerVisits.day] : []),
    );

  const signupDay = sql<string>`to_char(${conversions.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  // The outer row's column is written out in full: drizzle renders a column unqualified, which
  // inside the subquery would name the subquery's own row.
  const later = (event: 'activation' | 'sale') =>
    sql<number>`(count(*) filter (where exists (select 1 from ${conversions} later where later.user_id = "conversions"."user_id" and later.event = ${event})))::int`;
  const signupRows = await ctx.db
    .select({
      network: input.byNetwork ? conversions.network : none,
      lander: conversions.lander,
      variant: conversions.variant,
      day: input.byDay ? signupDay : none,
      signups: sql<number>`count(*)::int`,
      activations: later('activation'),
      sales: later('sale'),
    })
    .from(conversions)
    .where(
      and(
        eq(conversions.site, input.site),
        eq(conversions.event, 'signup'),
        gte(conversions.createdAt, dayStart(input.from)),
        lt(conversions.createdAt, dayEnd(input.to)),
      ),
    )
    .groupBy(
      conversions.lander,
      conversions.variant,
      ...(input.byNetwork ? [conversions.network] : []),
      ...(input.byDay ? [signupDay] : []),
    );

  const byKey = new Map<string, ConversionCounts>();
  const row = (network: string, lander: string, variant: string | null, day: string) => {
    const key = [network, lander, variant ?? '', day].join('\u0000');
    let found = byKey.get(key);
    if (!found) {
      found = { network, lander, variant, day, visits: 0, signups: 0, activations: 0, sales: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const visit of visitRows)
    row(visit.network ?? '', visit.lander, visit.variant || null, visit.day).visits += Number(visit.visits);
  for (const signup of signupRows) {
    const network = input.byNetwork ? networkKey(signup.network) : '';
    const counts = row(network, signup.lander ?? '(none)', signup.variant, signup.day);
    counts.signups += Number(signup.signups);
    counts.activations += Number(signup.activations);
    counts.sales += Number(signup.sales);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.network.localeCompare(b.network) ||
      a.lander.localeCompare(b.lander) ||
      (a.variant ?? '').localeCompare(b.variant ?? '') ||
      a.day.localeCompare(b.day),
  );
}

/** The counts with their rates per visit. */
export function withRates<T extends Pick<ConversionCounts, 'visits' | 'signups' | 'activations' | 'sales'>>(
  counts: T,
): T & ConversionRates {
  return {
    ...counts,
    signupRate: wilsonRate(counts.signups, counts.visits),
    activationRate: wilsonRate(counts.activations, counts.visits),
    saleRate: wilsonRate(counts.sales, counts.visits),
  };
}
