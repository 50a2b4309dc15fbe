import type { LanderDesign } from '~/shared/landers/lander-slug';
import type { SiteConfig } from '../platform/sites/site-config';
import type { Experiment } from '../platform/sites/affiliates-config';

/**
 * Lander experiments (docs/product.md §12 Lander experiments): which experiment a lander entry
 * link belongs to, the visitor's sticky variant, and the value the tracking record carries
 * (`{experiment}:{variant}`).
 */

/** The experiment running at `now` whose variants include `design` (the first listed wins), or null. */
export function runningExperimentFor(site: SiteConfig, design: string, now: Date): Experiment | null {
  const time = now.getTime();
  return (
    site.affiliates.experiments.find(
      (experiment) =>
        Date.parse(experiment.start) <= time &&
        (!experiment.end || time < Date.parse(experiment.end)) &&
        experiment.variants.some((variant) => variant.design === design),
    ) ?? null
  );
}

/**
 * The variant a visitor sees (its design and copy variant, null for the design's own copy): the one already assigned (`stickyId`, while it still exists),
 * else one drawn by weight with `random` (0 ≤ r < 1).
 */
export function assignVariant(
  experiment: Experiment,
  stickyId: string | undefined,
  random: () => number = Math.random,
): { id: string; design: LanderDesign; copy: string | null; isNew: boolean } {
  const kept = experiment.variants.find((variant) => variant.id === stickyId);
  if (kept) return { id: kept.id, design: kept.design, copy: kept.copy ?? null, isNew: false };
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let point = random() * total;
  for (const variant of experiment.variants) {
    point -= variant.weight;
    if (point < 0) return { id: variant.id, design: variant.design, copy: variant.copy ?? null, isNew: true };
  }
  const last = experiment.variants.at(-1)!;
  return { id: last.id, design: last.design, copy: last.copy ?? null, isNew: true };
}

/** The tracking record's `variant` value for a variant of an experiment. */
export function variantValue(experiment: Experiment, variantId: string): string {
  return `${experiment.name}:${variantId}`;
}

/** Whether a tracking record's `variant` names a variant of one of the site's experiments (running or not). */
export function isKnownVariant(site: SiteConfig, value: string): boolean {
  const [name, id] = value.split(':');
  return site.affiliates.experiments.some(
    (experiment) => experiment.name === name && experiment.variants.some((variant) => variant.id === id),
  );
}
