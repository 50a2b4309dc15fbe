// `npm run serve` (and `npm start` after its build and seed): serves the build in `dist/` (or
// AMORA_OUT_DIR) on $HOST:$PORT through app-server.mjs (health checks, method guard, nosniff,
// precompressed static files, compressed answers, the Astro app). Each server process starts the
// app (configuration, site files, database, migrations, jobs) before it listens and stops
// gracefully on SIGTERM (server-process.mjs). WEB_CONCURRENCY=N runs N server processes sharing the
// port (node:cluster, cluster-primary.mjs: fail-fast start, SIGHUP rolling restart) when
// DATABASE_URL is PostgreSQL; the embedded PGlite database belongs to one process, so with it the
// server stays one process and says so.
// Builds are releases (releases.mjs): each process serves the one `current` named when it started.
import './gc-tuning.mjs';
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPrimary } from './cluster-primary.mjs';
import { answerClusterMetrics, serveClusterMetrics } from './metrics-cluster.mjs';
import { repinRelease, useRelease } from './releases.mjs';
import { runServerProcess } from './server-process.mjs';
import { serverProcessCount } from './web-concurrency.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.AMORA_OUT_DIR ?? 'dist');
const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);

/** Ends the process with code 1 and a message naming what is wrong (fail fast, before listening). */
function refuseToStart(error) {
  console.error(`serve: cannot start: ${error.message}`);
  process.exit(1);
}

let processes;
let release;
try {
  processes = serverProcessCount(process.env);
  // The release this process serves until it stops, whatever build lands later (docs/architecture.md §3 Releases).
  release = useRelease(outDir);
} catch (error) {
  refuseToStart(error);
}
const { count, note } = processes;
if (note && cluster.isPrimary) console.log(`serve: ${note}`);
if (count > 1 && cluster.isPrimary) {
  serveClusterMetrics(); // Metrics: one /metrics scrape covers every worker (docs/architecture.md §5).
  runPrimary({
    count,
    host,
    port,
    // A rolling restart (SIGHUP) after a deploy moves the workers to the release `current` names now.
    beforeRollingRestart: () => repinRelease(outDir),
  });
} else {
  if (cluster.isWorker) answerClusterMetrics(); // Metrics (docs/architecture.md §5).
  await runServerProcess({ outDir: release.dir, host, port, alone: cluster.isPrimary });
}
