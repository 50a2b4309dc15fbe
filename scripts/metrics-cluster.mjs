/**
 * The cluster primary's side of `/metrics` (docs/architecture.md §5 Metrics) when
 * `WEB_CONCURRENCY` > 1 (serve.mjs): the worker that takes a scrape asks the primary
 * (`amora:metrics:scrape`, src/server/metrics/scrape.ts), the primary gathers every worker's
 * registry through prom-client's AggregatorRegistry (counters and histograms summed, gauges by
 * their own aggregator) and answers that worker (`amora:metrics:scraped` with the text, or an
 * error). The guard (token, addresses) stays in the worker, which has the configuration. Each
 * worker answers the primary's requests from its start (`answerClusterMetrics`), before the app
 * has loaded any of its own series.
 */
import cluster from 'node:cluster';
import client from 'prom-client';

/** IPC message types; the same strings as SCRAPE_REQUEST / SCRAPE_RESULT in src/server/metrics/scrape.ts. */
const SCRAPE_REQUEST = 'amora:metrics:scrape';
const SCRAPE_RESULT = 'amora:metrics:scraped';

/** Answers workers' scrape requests from now on (call once, in the primary). */
export function serveClusterMetrics() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== SCRAPE_REQUEST || typeof message.id !== 'string') return;
    const reply = (answer) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_RESULT, id: message.id, ...answer }, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** Lets the primary gather this worker's default registry (call once, in each worker). */
export function answerClusterMetrics() {
  // Constructing it in a worker installs prom-client's answer to the primary's requests.
  new client.AggregatorRegistry();
}
