import type { AppContext } from '../context';
import { countConversions, withRates } from './conversion-counts';
import type { Rate } from './proportions';

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

/**
 * docs/product.md §13 Affiliates: the lander report's counts (docs/product.md §12,
 * `countConversions`) split further by network and, with `byDay`, by UTC day, each with its rates
 * per visit. Network names are compared as the visit counter keeps them (lower case). Sorted by
 * network (none first), lander, variant, day.
 */
export async function affiliateBreakdown(ctx: AppContext, input: BreakdownInput): Promise<BreakdownRow[]> {
  const counts = await countConversions(ctx, { ...input, byNetwork: true });
  return counts.map((row) => withRates({ ...row, network: row.network || null, day: row.day || null }));
}
