import { describe, expect, it } from 'vitest';
import { samplesOf, sumOf } from '../helpers/metrics';
import { usePgServers } from './pg-servers';
import { childrenOf } from './processes';

/**
 * `/metrics` with `WEB_CONCURRENCY=2` on PostgreSQL (docs/architecture.md §5 Metrics): whichever
 * worker takes a scrape, it covers both workers (the primary aggregates them), counters add up
 * across workers, and a gauge read from the shared database is not counted once per worker.
 */
const TOKEN = 'e2e-cluster-metrics-token-0123';
const pg = usePgServers('e2e_metrics_cluster');

describe('/metrics of a cluster', () => {
  it('aggregates every worker in one scrape', async () => {
    const server = await pg.serve({ WEB_CONCURRENCY: '2', METRICS_TOKEN: TOKEN });
    await expect.poll(() => childrenOf(server.pid).length).toBe(2);
    const scrape = async () => {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const builds = (text: string) => sumOf(text, 'amora_http_requests_total', { route: '/build-id.json' });

    const before = builds(await scrape());
    // Each on a new connection: node:cluster's primary hands connections to the workers in turn
    // (round-robin, the default on Linux), so each worker answers about half and a scrape that saw
    // only its own worker would count about 30.
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${server.url}/build-id.json`, { headers: { connection: 'close' } }).then((res) => res.status),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Every scrape, whichever worker answers it, sees all 60.
    for (let i = 0; i < 4; i++) expect(builds(await scrape())).toBe(before + 60);

    const text = await scrape();
    // Each worker has its own pool: both report, summed.
    expect(samplesOf(text, 'amora_db_pool_waiting', { driver: 'postgres' })).toHaveLength(1);
    expect(samplesOf(text, 'amora_db_pool_connections', { driver: 'postgres', state: 'idle' })).toHaveLength(1);
    expect(sumOf(text, 'amora_db_pool_acquire_seconds_count', { driver: 'postgres' })).toBeGreaterThan(0);

    // One pending mail in the shared database is one, not one per worker.
    await pg.query(
      `INSERT INTO outbox_messages (kind, purpose, next_attempt_at, created_at)
       VALUES ('mail', 'metrics-test', now() + interval '1 hour', now())`,
    );
    for (let i = 0; i < 3; i++) expect(sumOf(await scrape(), 'amora_outbox_pending', { queue: 'mail' })).toBe(1);
    await server.stop();
  });
});
