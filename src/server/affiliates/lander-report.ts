import type { AppContext } from '../context';
import { countConversions, withRates } from './conversion-counts';
import { landerBotVisitsOf } from './lander-visits';
import { twoProportionTest, type Rate } from './proportions';

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
  /** Entry-link visits by bots in the period: in no row (curl and headless browsers count here). */
  botVisits: number;
}

/**
 * docs/product.md §12 Lander report: per lander design and variant of a site, the entry-link visits
 * of the days `from`–`to` (UTC, both included) and, of the accounts that signed up in those days,
 * how many signed up, confirmed their e-mail and bought (at any time since), each as a rate per
 * visit with its 95 % confidence interval (`countConversions`); per experiment, whether the variant
 * with the best signup rate leads its runner-up significantly (p < 0.05); and how many entry-link
 * visits were bots' (counted in no row). Rows are sorted by design, then variant.
 */
export async function landerReport(
  ctx: AppContext,
  input: { site: string; from: string; to: string },
): Promise<LanderReport> {
  const counts = await countConversions(ctx, { ...input, byNetwork: false, byDay: false });
  const rows = counts.map(({ network: _network, day: _day, ...row }) => withRates(row));
  const botVisits = await landerBotVisitsOf(ctx, input);
  return { site: input.site, from: input.from, to: input.to, rows, experiments: verdicts(rows), botVisits };
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
