/**
 * How the application defines its Prometheus series (docs/architecture.md §5 Metrics): in
 * prom-client's default registry, each created once per process. `astro dev` and the tests'
 * shared module graph may evaluate a module again, and prom-client refuses a second metric of the
 * same name, so an existing one is reused; state a scrape-time `collect` reads lives on
 * `globalThis` for the same reason (a reused gauge keeps the first module's closure).
 *
 * Aggregation across worker processes (`WEB_CONCURRENCY` > 1, scripts/metrics-cluster.mjs):
 * counters, histograms and per-process gauges are summed; a gauge read from the shared database
 * says `max` (every worker reads the same rows), the job lag `min`.
 */
import client from 'prom-client';

export const { register } = client;

/** How the cluster primary combines one gauge's values from its workers. */
export type Aggregator = 'sum' | 'max' | 'min' | 'first' | 'omit' | 'average';

function once<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** A counter (created once per process). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return once(name, () => new client.Counter<L>({ name, help, labelNames }));
}

/** A gauge (created once per process); `collect` runs at each scrape, before the values are read. */
export function gauge<L extends string>(
  name: string,
  help: string,
  options: {
    labelNames?: readonly L[];
    aggregator?: Aggregator;
    collect?: (this: client.Gauge<L>) => void | Promise<void>;
  } = {},
) {
  return once(
    name,
    () =>
      new client.Gauge<L>({
        name,
        help,
        labelNames: options.labelNames ?? [],
        aggregator: options.aggregator ?? 'sum',
        ...(options.collect ? { collect: options.collect } : {}),
      }),
  );
}

/** A histogram (created once per process); `buckets` in seconds. */
export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
  return once(name, () => new client.Histogram<L>({ name, help, labelNames, buckets }));
}

/** Process-wide state shared by every evaluation of a module (see above), created by `create` once per key. */
export function processState<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`amora.metrics.${key}`);
  store[symbol] ??= create();
  return store[symbol];
}
