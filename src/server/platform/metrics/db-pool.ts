/**
 * Database waits (docs/architecture.md §5 Metrics), per driver:
 * - **PostgreSQL** (node-postgres pool): `amora_db_pool_waiting` is the pool's `waitingCount` (queries
 *   queued for a connection), `amora_db_pool_connections` its idle and busy connections, and
 *   `amora_db_pool_acquire_seconds` the time each checkout (`pool.connect`, which every query and
 *   transaction goes through) waited for a connection.
 * - **PGlite** (embedded, one statement at a time): there is no pool; its statements and
 *   transactions queue for the single database in call order. `amora_db_pool_waiting` counts the
 *   calls queued behind the one running, `amora_db_pool_acquire_seconds` the time from a call to
 *   the moment the call before it finished (its turn). Statements inside a transaction are not
 *   counted again (they run within the transaction's turn).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { gauge, histogram, processState } from './define';

/** Buckets of waiting for a connection or a turn (s). */
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

const watched = processState('db', () => ({ pools: new Set<pg.Pool>(), pgliteQueued: 0 }));

const dbAcquireSeconds = histogram(
  'amora_db_pool_acquire_seconds',
  'Time a database call waited for a pooled connection (PostgreSQL) or for its turn on the embedded database (PGlite).',
  ['driver'] as const,
  WAIT_BUCKETS,
);

// Read through `collect` at each scrape (nothing sets them otherwise).
gauge('amora_db_pool_waiting', 'Database calls waiting for a connection (PostgreSQL) or for their turn (PGlite) now.', {
  labelNames: ['driver'] as const,
  collect() {
    this.reset();
    if (watched.pools.size > 0) {
      let waiting = 0;
      for (const pool of watched.pools) waiting += pool.waitingCount;
      this.set({ driver: 'postgres' }, waiting);
    }
    this.set({ driver: 'pglite' }, watched.pgliteQueued);
  },
});

gauge('amora_db_pool_connections', 'PostgreSQL pool connections by state (idle, busy).', {
  labelNames: ['driver', 'state'] as const,
  collect() {
    this.reset();
    if (watched.pools.size === 0) return;
    let total = 0;
    let idle = 0;
    for (const pool of watched.pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
    }
    this.set({ driver: 'postgres', state: 'idle' }, idle);
    this.set({ driver: 'postgres', state: 'busy' }, total - idle);
  },
});

type Connect = (callback?: (error: Error | undefined, client: pg.PoolClient, done: () => void) => void) => unknown;

/**
 * Measures `pool`'s checkouts and reports its queue until `pool.end()`.
 * @returns the same pool.
 */
export function watchPgPool(pool: pg.Pool): pg.Pool {
  watched.pools.add(pool);
  const connect = pool.connect.bind(pool) as Connect;
  const timed: Connect = (callback) => {
    const end = dbAcquireSeconds.startTimer({ driver: 'postgres' });
    if (callback)
      return connect((error, client, done) => {
        end();
        callback(error, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        end();
        return client;
      },
      (error: unknown) => {
        end();
        throw error;
      },
    );
  };
  pool.connect = timed as pg.Pool['connect'];
  const close = pool.end.bind(pool) as () => Promise<void>;
  pool.end = (() => {
    watched.pools.delete(pool);
    return close();
  }) as pg.Pool['end'];
  return pool;
}

interface Turn {
  calledAt: number;
  started: boolean;
}

/**
 * Measures the turns of `client`'s queries, execs and transactions (PGlite runs them one at a time,
 * in call order).
 * @returns the same client.
 */
export function watchPglite(client: PGlite): PGlite {
  const queue: Turn[] = [];
  const start = (turn: Turn) => {
    turn.started = true;
    dbAcquireSeconds.observe({ driver: 'pglite' }, (performance.now() - turn.calledAt) / 1000);
  };
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const turn: Turn = { calledAt: performance.now(), started: false };
      queue.push(turn);
      if (queue.length === 1) start(turn);
      else watched.pgliteQueued++;
      try {
        return await call(...args);
      } finally {
        const index = queue.indexOf(turn);
        queue.splice(index, 1);
        if (!turn.started) watched.pgliteQueued--;
        const next = queue[0];
        if (next && !next.started) {
          watched.pgliteQueued--;
          start(next);
        }
      }
    };
  client.query = timed(client.query.bind(client)) as PGlite['query'];
  client.exec = timed(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = timed(client.transaction.bind(client)) as PGlite['transaction'];
  return client;
}
