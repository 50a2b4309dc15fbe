// `npm run serve` (and `npm start` after its build and seed): serves the build in `dist/` (or
// AMORA_OUT_DIR) on $HOST:$PORT through app-server.mjs (method guard, nosniff, precompressed
// static files, compressed answers, the Astro app). WEB_CONCURRENCY=N runs N server processes
// sharing the port (node:cluster) when DATABASE_URL is PostgreSQL; the embedded PGlite database
// belongs to one process, so with it the server stays one process and says so.
import './gc-tuning.mjs';
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAppServer } from './app-server.mjs';
import { answerClusterMetrics, serveClusterMetrics } from './metrics-cluster.mjs';
import { useRelease } from './releases.mjs';
import { serverProcessCount } from './web-concurrency.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.AMORA_OUT_DIR ?? 'dist');
// The release this process serves until it stops, whatever build lands later (docs/architecture.md §3 Releases).
const release = useRelease(outDir);
const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);
/** A worker that dies sooner than this after its start is not restarted (it would crash again). */
const MIN_UPTIME_MS = 5_000;

async function serve() {
  if (cluster.isWorker) answerClusterMetrics(); // Metrics (docs/architecture.md §5).
  const { handler } = await import(pathToFileURL(release.entry).href);
  const server = createAppServer({ clientDir: release.clientDir, app: handler });
  server.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`serve: listening on http://${host}:${port}`);
  });
  server.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  }
}

const { count, note } = serverProcessCount(process.env);
if (note) console.log(`serve: ${note}`);
if (count > 1 && cluster.isPrimary) {
  console.log(`serve: ${count} server processes on http://${host}:${port}`);
  serveClusterMetrics(); // Metrics: one /metrics scrape covers every worker (docs/architecture.md §5).
  let stopping = false;
  const started = new Map();
  const fork = () => started.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const uptime = Date.now() - (started.get(worker.id) ?? 0);
    console.error(`serve: process ${worker.process.pid} ended (${signal ?? `code ${code}`})`);
    if (uptime < MIN_UPTIME_MS) {
      console.error('serve: it ended right after starting; stopping');
      process.exit(1);
    }
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
} else {
  await serve();
}
