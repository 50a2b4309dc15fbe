import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/**
 * Statistics of conversion rates (docs/product.md §12 Lander report), on stdlib's normal
 * distribution: the Wilson score interval of a rate and the two-proportion z-test of two rates.
 */

/** A rate `successes / trials` (0–1) with its 95 % Wilson score interval; null fields when trials is 0. */
export interface Rate {
  successes: number;
  trials: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

const Z95 = normalQuantile(0.975, 0, 1);

/**
 * The rate and its 95 % Wilson score interval. Successes above trials (conversions from visits
 * not counted at an entry link) are capped at trials for the interval, never above 100 %.
 */
export function wilsonRate(successes: number, trials: number): Rate {
  if (trials <= 0) return { successes, trials, rate: null, low: null, high: null };
  const x = Math.min(successes, trials);
  const p = x / trials;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z95 / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { successes, trials, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Two-sided two-proportion z-test (pooled) of `a` against `b`.
 * @returns the z statistic and p-value; p = 1 when either has no trials or neither rate varies.
 */
export function twoProportionTest(a: Rate, b: Rate): { z: number; p: number } {
  if (a.trials <= 0 || b.trials <= 0) return { z: 0, p: 1 };
  const xa = Math.min(a.successes, a.trials);
  const xb = Math.min(b.successes, b.trials);
  const pooled = (xa + xb) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (se === 0) return { z: 0, p: 1 };
  const z = (xa / a.trials - xb / b.trials) / se;
  return { z, p: 2 * (1 - normalCdf(Math.abs(z), 0, 1)) };
}
