/**
 * The text `/metrics` answers (docs/architecture.md §5 Metrics). A single process exposes its own
 * registry. A cluster worker (`WEB_CONCURRENCY` > 1) asks the cluster primary, which gathers every
 * worker's registry through prom-client's AggregatorRegistry (scripts/metrics-cluster.mjs), so one
 * scrape, whichever worker takes it, covers all workers.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { register } from '../platform/metrics/define';
import '../platform/metrics/series';
import '../platform/metrics/job-metrics';
import '../platform/metrics/db-pool';
import './database-gauges';

/** IPC message types shared with scripts/metrics-cluster.mjs. */
const SCRAPE_REQUEST = 'amora:metrics:scrape';
const SCRAPE_RESULT = 'amora:metrics:scraped';
/** How long a worker waits for the primary's aggregate (ms); prom-client gives workers 5 s. */
const CLUSTER_SCRAPE_TIMEOUT_MS = 8_000;

const resultSchema = z.object({
  type: z.literal(SCRAPE_RESULT),
  id: z.string(),
  text: z.string().optional(),
  error: z.string().optional(),
});

/** Prometheus text format 0.0.4. */
export const METRICS_CONTENT_TYPE = register.contentType;

/** Asks the cluster primary for every worker's series, aggregated. */
function clusterScrape(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const parsed = resultSchema.safeParse(message);
      if (!parsed.success || parsed.data.id !== id) return;
      finish();
      if (parsed.data.text !== undefined) resolve(parsed.data.text);
      else reject(new Error(`cluster metrics failed: ${parsed.data.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('cluster metrics: the primary did not answer'));
    }, CLUSTER_SCRAPE_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send!({ type: SCRAPE_REQUEST, id });
  });
}

/**
 * The Prometheus text of this process, or of all workers when this is a cluster worker.
 * @throws Error when the cluster primary does not answer within 8 s.
 */
export function scrapeMetrics(): Promise<string> {
  return cluster.isWorker && process.send ? clusterScrape() : register.metrics();
}
