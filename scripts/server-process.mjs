/**
 * One server process (docs/architecture.md §3 Starting, health and restarts): the single process of
 * `npm run serve`, or one `WEB_CONCURRENCY` worker.
 * 1. Starts the app before listening (dist/server/lifecycle.mjs `startServerApp()`: variables, site
 *    files, database, migrations, jobs). Any problem ends the process with code 1 and a message
 *    naming it; no request ever creates the app context.
 * 2. Listens, answering `/healthz` and `/readyz` (health.mjs) before the app.
 * 3. On SIGTERM or SIGINT (and SIGHUP when it is the only process) stops gracefully: `/readyz` turns
 *    503, event streams close with a reconnect hint, requests under way finish (graceful.mjs), the
 *    jobs' runs end or their leases are released, the database closes, then it exits 0; all within
 *    `SHUTDOWN_TIMEOUT_MS`.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppServer } from './app-server.mjs';
import { drainable, shutdownTimeoutMs } from './graceful.mjs';
import { healthResponder } from './health.mjs';

/** Extra time (ms) after the deadline for closing the database and the realtime listener. */
const CLOSE_GRACE_MS = 2_000;

/** Prints why the process cannot start and ends it with code 1. */
function refuseToStart(message) {
  console.error(`serve: cannot start: ${message}`);
  process.exit(1);
}

/**
 * Imports the build's lifecycle module and request handler.
 * @param {string} outDir the build folder (holds `server/` and `client/`)
 */
async function importBuild(outDir) {
  const lifecycleFile = path.join(outDir, 'server', 'lifecycle.mjs');
  if (!fs.existsSync(lifecycleFile))
    refuseToStart(`${lifecycleFile} is missing: build the app with npm run build (a build older than this server?)`);
  const lifecycle = await import(pathToFileURL(lifecycleFile).href);
  const { handler } = await import(pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href);
  return { lifecycle, handler };
}

/**
 * Runs one server process on `host`:`port` serving the build in `outDir` (a release folder,
 * releases.mjs: its `server/` and `client/` are read through real paths, never `current`).
 * @param {{ outDir: string, host: string, port: number, alone: boolean }} options `alone`: no
 *   `WEB_CONCURRENCY` primary above it (SIGHUP then stops it gracefully too, as a process manager's reload).
 */
export async function runServerProcess({ outDir, host, port, alone }) {
  let timeoutMs;
  try {
    timeoutMs = shutdownTimeoutMs(process.env);
  } catch (error) {
    refuseToStart(error.message);
  }
  const { lifecycle, handler } = await importBuild(outDir);
  try {
    await lifecycle.startServerApp();
  } catch (error) {
    refuseToStart(error.message);
  }

  const server = createAppServer({
    clientDir: path.join(outDir, 'client'),
    app: handler,
    health: healthResponder(() => lifecycle.readiness()),
  });
  const http = drainable(server);
  server.on('error', (error) => refuseToStart(`${host}:${port}: ${error.message}`));
  server.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`serve: listening on http://${host}:${port}`);
  });

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + timeoutMs;
    // The app first: /readyz answers 503 and streams close while the listener still closes.
    lifecycle.beginDrain();
    const { cut } = await http.drain(deadline);
    const outcome = await lifecycle.finishDrain(deadline);
    if (cut > 0 || !outcome.jobsSettled)
      console.error(
        `serve: stopped after ${signal} at the ${timeoutMs} ms deadline: ${cut} connections cut, ${outcome.releasedLeases} job leases released`,
      );
    process.exit(0);
  };
  const signals = alone ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : ['SIGINT', 'SIGTERM'];
  for (const signal of signals)
    process.on(signal, () => {
      // A hard stop if closing the database itself hangs.
      setTimeout(() => process.exit(1), timeoutMs + CLOSE_GRACE_MS).unref();
      void stop(signal);
    });
}
