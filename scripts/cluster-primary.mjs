/**
 * The primary process of `WEB_CONCURRENCY=N` (docs/architecture.md §3 Starting, health and restarts,
 * §6 convention 14): forks N workers (server-process.mjs) that share the port, and
 * - fails fast: a worker that ends before it listened (bad variable, site file or database) stops
 *   the whole server with code 1, so a process manager sees the failure instead of a restart loop;
 *   a worker that ends within MIN_UPTIME_MS of its start stops it too (it would crash again);
 * - replaces a worker that ends later;
 * - on SIGTERM/SIGINT stops every worker gracefully and exits 0 once they all ended;
 * - on SIGHUP restarts the workers one by one (rolling restart, e.g. after a deploy): it starts a
 *   new worker, waits until it listens (it started the app, so it is ready), then stops one old
 *   worker gracefully and waits for its end before the next. If a new worker fails to start, the
 *   restart stops there and the old workers keep serving.
 */
import cluster from 'node:cluster';

/** A worker that ends sooner than this (ms) after its start is not replaced: the server stops. */
export const MIN_UPTIME_MS = 5_000;

/** Resolves true when `worker` listens, false when it ends first. */
function listeningOrExit(worker) {
  return new Promise((resolve) => {
    const onListening = () => done(true);
    const onExit = () => done(false);
    const done = (listening) => {
      worker.off('listening', onListening);
      worker.off('exit', onExit);
      resolve(listening);
    };
    worker.once('listening', onListening);
    worker.once('exit', onExit);
  });
}

/** Resolves when `worker` has ended. */
function exitOf(worker) {
  return new Promise((resolve) => {
    if (worker.isDead()) resolve();
    else worker.once('exit', () => resolve());
  });
}

/**
 * Runs the primary with `count` workers.
 * @param {{ count: number, host: string, port: number, beforeRollingRestart?: () => void }} options
 *   `beforeRollingRestart`: called on SIGHUP before the first new worker is forked (serve.mjs points
 *   the workers at the current release there); a throw cancels the restart, the old workers serve on.
 */
export function runPrimary({ count, host, port, beforeRollingRestart }) {
  console.log(`serve: ${count} server processes on http://${host}:${port}`);
  /** Worker id → when it began listening (ms). */
  const listeningSince = new Map();
  /** Workers that are being stopped on purpose (rolling restart), and new ones a rolling restart waits for. */
  const retiring = new Set();
  const replacements = new Set();
  let stopping = false;
  let rolling = false;
  /** The primary's exit code once every worker ended: 1 when it stops because a worker failed. */
  let exitCode = 0;

  /** Worker id → when it was forked (ms). */
  const forkedAt = new Map();
  const fork = () => {
    const worker = cluster.fork();
    forkedAt.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('listening', (worker) => listeningSince.set(worker.id, Date.now()));
  cluster.on('exit', (worker, code, signal) => {
    const since = listeningSince.get(worker.id);
    const started = forkedAt.get(worker.id) ?? 0;
    listeningSince.delete(worker.id);
    forkedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (retiring.delete(worker.id)) return;
    const how = signal ?? `code ${code}`;
    if (replacements.delete(worker.id) && since === undefined) return; // the rolling restart reports it
    if (since === undefined) {
      console.error(`serve: process ${worker.process.pid} ended before it could serve (${how}); stopping`);
      return shutDown(1);
    }
    console.error(`serve: process ${worker.process.pid} ended (${how})`);
    if (Date.now() - started < MIN_UPTIME_MS) {
      console.error('serve: it ended right after starting; stopping');
      return shutDown(1);
    }
    fork();
  });

  /** Stops every worker (SIGTERM: they drain); the exit handler ends the primary with `code` once they all ended. */
  const shutDown = (code, signal = 'SIGTERM') => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill(signal);
  };

  const rollingRestart = async () => {
    if (rolling || stopping) return;
    rolling = true;
    // The new workers serve the release `current` names now (a deploy before the SIGHUP).
    try {
      beforeRollingRestart?.();
    } catch (error) {
      console.error(`serve: rolling restart not started: ${error.message}`);
      rolling = false;
      return;
    }
    const old = Object.values(cluster.workers ?? {}).filter((worker) => listeningSince.has(worker.id));
    console.log(`serve: rolling restart of ${old.length} processes`);
    for (const worker of old) {
      if (stopping) break;
      const fresh = fork();
      replacements.add(fresh.id);
      if (!(await listeningOrExit(fresh))) {
        if (!stopping)
          console.error('serve: rolling restart stopped: a new process failed to start; the others keep serving');
        break;
      }
      replacements.delete(fresh.id);
      retiring.add(worker.id);
      worker.process.kill('SIGTERM');
      await exitOf(worker);
    }
    if (!stopping) console.log('serve: rolling restart done');
    rolling = false;
  };

  for (let i = 0; i < count; i++) fork();
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutDown(0, signal));
  process.on('SIGHUP', () => void rollingRestart());
}
