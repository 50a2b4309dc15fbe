/**
 * `npm run bench:search`: GET /api/search.php over 100,000 demo members.
 * Seeds BENCH_MEMBERS (default 100,000) into BENCH_DATA_DIR (default data/bench,
 * kept between runs), starts the built server, then runs autocannon for
 * BENCH_SECONDS (default 10) with 10 connections over a mix of filters and pages.
 * Prints p50/p99 latency (ms), requests/s and response size (bytes).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? 'data/bench');
const members = process.env.BENCH_MEMBERS ?? '100000';
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const port = process.env.BENCH_PORT ?? '4399';
const env = { ...process.env, DATA_DIR: dataDir, SEED_MEMBERS: members, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

const seeded = spawnSync('tsx', ['src/server/db/seed/cli.ts'], { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const server = spawn('node', ['scripts/start.mjs'], { cwd: root, env: { ...env, SEED_ON_START: '0' }, stdio: 'inherit' });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/settings.php`, { headers: { 'package-name': 'amora' } })).ok) break;
  } catch {
    // starting
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const QUERIES = [
  '',
  'page=2',
  'page=50',
  'gender=female',
  'gender=male&min_age=26&max_age=35',
  'country=NL',
  'country=DE&gender=female&min_age=36&max_age=45',
  'country=US&countryregion=CA',
  'min_age=66&max_age=100',
  'country=FR&page=3',
];
let next = 0;
const result = await autocannon({
  url: base,
  connections: 10,
  duration: seconds,
  headers: { 'package-name': 'amora' },
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/search.php?${QUERIES[next++ % QUERIES.length]}` }),
    },
  ],
});
server.kill('SIGTERM');

const bytesPerRequest = result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0;
console.log(
  [
    `bench:search members=${members} duration=${seconds}s connections=10`,
    `  latency p50=${result.latency.p50} ms  p99=${result.latency.p99} ms  max=${result.latency.max} ms`,
    `  throughput ${result.requests.average} req/s (total ${result.requests.total}, non-2xx ${result.non2xx}, errors ${result.errors})`,
    `  response ~${bytesPerRequest} bytes`,
  ].join('\n'),
);
process.exit(result.non2xx > 0 || result.errors > 0 ? 1 : 0);
