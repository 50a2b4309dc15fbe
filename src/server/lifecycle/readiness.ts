/**
 * Readiness of a server process (docs/architecture.md §3 Starting, health and restarts): what
 * `GET /readyz` answers. A process is ready when it has started (configuration and site files valid,
 * database open, migrations applied), its periodic jobs run, the database answers now, and it is
 * not draining.
 */

/** Where the process is: before `startServerApp` ended, serving, stopping gracefully, stopped. */
export type ServerState = 'starting' | 'ready' | 'draining' | 'stopped';

/** The body of `/readyz` (200 when `ready`, else 503). */
export interface ReadinessReport {
  ready: boolean;
  state: ServerState;
  /** `ok`: a `SELECT 1` answered within the timeout; `unknown` before start and after stop. */
  database: 'ok' | 'unreachable' | 'unknown';
  /** Applied before the process listens; `pending` until then. */
  migrations: 'applied' | 'pending';
  jobs: 'running' | 'stopped';
}

/** The report from the process's state, whether its jobs run and the database's last answer. */
export function readinessReport(
  state: ServerState,
  jobsRunning: boolean,
  database: ReadinessReport['database'],
): ReadinessReport {
  const started = state === 'ready' || state === 'draining';
  const report: ReadinessReport = {
    ready: false,
    state,
    database,
    migrations: started ? 'applied' : 'pending',
    jobs: jobsRunning ? 'running' : 'stopped',
  };
  report.ready = state === 'ready' && jobsRunning && database === 'ok';
  return report;
}

/**
 * A database probe for `/readyz` that stays cheap however often it is asked (a load balancer every
 * second from several hosts, anyone on the internet): one `ping` at a time, its answer reused for
 * `ttlMs`, and a ping that takes longer than `timeoutMs` counts as unreachable (a full pool must not
 * make the probe hang).
 * @param ping resolves when the database answered (e.g. `SELECT 1`).
 * @param now the clock (ms), replaceable in tests.
 */
export function createDatabaseProbe(
  ping: () => Promise<unknown>,
  options: { ttlMs: number; timeoutMs: number; now?: () => number },
): () => Promise<'ok' | 'unreachable'> {
  const now = options.now ?? Date.now;
  let last: { at: number; answer: 'ok' | 'unreachable' } | null = null;
  let pending: Promise<'ok' | 'unreachable'> | null = null;
  return () => {
    if (last && now() - last.at < options.ttlMs) return Promise.resolve(last.answer);
    pending ??= new Promise<'ok' | 'unreachable'>((resolve) => {
      const timer = setTimeout(() => resolve('unreachable'), options.timeoutMs);
      const settle = (answer: 'ok' | 'unreachable') => {
        clearTimeout(timer);
        resolve(answer);
      };
      ping().then(
        () => settle('ok'),
        () => settle('unreachable'),
      );
    }).then((answer) => {
      last = { at: now(), answer };
      pending = null;
      return answer;
    });
    return pending;
  };
}
