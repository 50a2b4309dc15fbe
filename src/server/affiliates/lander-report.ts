import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { conversions, landerVisits } from '../db/schema';
import { twoProportionTest, wilsonRate, type Rate } from './proportions';

/** One design (and variant) of the lander report; counts are of the accounts that signed up in the period. */
export interface LanderReportRow {
  lander: string;
  /** `{experiment}:{variant}`, or null for visits outside an experiment. */
  variant: string | null;
  visits: number;
  signups: number;
  activations: number;
  sales: number;
  /** Per visit, with 95 % Wilson intervals. */
  signupRate: Rate;
  activationRate: Rate;
  saleRate: Rate;
}

/** An experiment's variants ranked by signup rate: the leader against the runner-up. */
export interface ExperimentVerdict {
  experiment: string;
  leader: string;
  runnerUp: string;
  /** Two-sided p-value of the two-proportion z-test of their signup rates. */
  p: number;
  /** p < 0.05. */
  significant: boolean;
}

export interface LanderReport {
  site: string;
  /** The period's first and last UTC day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  rows: LanderReportRow[];
  experiments: ExperimentVerdict[];
}

type Counts = Omit<LanderReportRow, 'signupRate' | 'activationRate' | 'saleRate'>;

/**
 * docs/product.md §12 Lander report: per lander design and variant of a site, the entry-link visits
 * of the days `from`–`to` (UTC, both included) and, of the accounts that signed up in those days,
 * how many signed up, confirmed their e-mail and bought (at any time since), each as a rate per
 * visit with its 95 % confidence interval; per experiment, whether the variant with the best
 * signup rate leads its runner-up significantly (p < 0.05). Rows are sorted by design, then variant.
 */
export async function landerReport(
  ctx: AppContext,
  input: { site: string; from: string; to: string },
): Promise<LanderReport> {
  const start = new Date(`${input.from}T00:00:00Z`);
  const end = new Date(new Date(`${input.to}T00:00:00Z`).getTime() + 86_400_000);
  const visitRows = await ctx.db
    .select({
      lander: landerVisits.lander,
      variant: landerVisits.variant,
      visits: sql<number>`sum(${landerVisits.visits})`,
    })
    .from(landerVisits)
    .where(and(eq(landerVisits.site, input.site), gte(landerVisits.day, input.from), lte(landerVisits.day, input.to)))
    .groupBy(landerVisits.lander, landerVisits.variant);
  // The outer row's column is written out in full: drizzle renders a column unqualified, which
  // inside the subquery would name the subquery's own row.
  const later = (event: 'activation' | 'sale') =>
    sql<number>`count(*) filter (where exists (select 1 from ${conversions} later where later.user_id = "conversions"."user_id" and later.event = ${event}))`;
  const signupRows = await ctx.db
    .select({
      lander: conversions.lander,
      variant: conversions.variant,
      signups: sql<number>`count(*)`,
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
    .groupBy(conversions.lander, conversions.variant);

  const byKey = new Map<string, Counts>();
  const row = (lander: string, variant: string | null) => {
    const key = `${lander}\u0000${variant ?? ''}`;
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { lander, variant, visits: 0, signups: 0, activations: 0, sales: 0 }));
    return found;
  };
  for (const visit of visitRows) row(visit.lander, visit.variant || null).visits += Number(visit.visits);
  for (const signup of signupRows) {
    const counts = row(signup.lander ?? '(none)', signup.variant);
    counts.signups += Number(signup.signups);
    counts.activations += Number(signup.activations);
    counts.sales += Number(signup.sales);
  }
  const rows = [...byKey.values()]
    .sort((a, b) => a.lander.localeCompare(b.lander) || (a.variant ?? '').localeCompare(b.variant ?? ''))
    .map((counts) => ({
      ...counts,
      signupRate: wilsonRate(counts.signups, counts.visits),
      activationRate: wilsonRate(counts.activations, counts.visits),
      saleRate: wilsonRate(counts.sales, counts.visits),
    }));
  return { site: input.site, from: input.from, to: input.to, rows, experiments: verdicts(rows) };
}

/** Per experiment with at least two variants seen: the leader by signup rate against the runner-up. */
function verdicts(rows: LanderReportRow[]): ExperimentVerdict[] {
  const byExperiment = new Map<string, LanderReportRow[]>();
  for (const row of rows) {
    if (!row.variant || row.visits === 0) continue;
    const name = row.variant.split(':')[0] ?? '';
    byExperiment.set(name, [...(byExperiment.get(name) ?? []), row]);
  }
  return [...byExperiment.entries()]
    .filter(([, variants]) => variants.length >= 2)
    .map(([experiment, variants]) => {
      const [leader, runnerUp] = [...variants].sort((a, b) => (b.signupRate.rate ?? 0) - (a.signupRate.rate ?? 0));
      const { p } = twoProportionTest(leader!.signupRate, runnerUp!.signupRate);
      return { experiment, leader: leader!.variant!, runnerUp: runnerUp!.variant!, p, significant: p < 0.05 };
    });
}
