/**
 * `npm run bench:search`: the members search over BENCH_MEMBERS (default
 * 1,000,000) demo members, on PGlite (BENCH_DATA_DIR, default data/bench) and
 * on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench);
 * BENCH_DB=pglite|postgres runs one of them. Seeds what is missing (kept between runs),
 * then per filter combination and for page 1 and page 500 prints:
 *  - database time of the search use case in-process, ms (cold first call, then p50/p99 of BENCH_REPEAT calls)
 *  - the page query's plan (index used; "+ Sort" would mean the order is not from an index)
 *  - HTTP p50/p99 ms at BENCH_RATE (default 200) searches/s for BENCH_SECONDS (default 5) each, and
 *    the server's CPU ms per search (Node's, and on PGlite the database's too, which runs inside it).
 *    These are visitors' searches: after the first, a page comes from the 10 s page cache
 *    (src/server/members/page-cache.ts) until it is refreshed; the db columns run uncached.
 * Then, on PostgreSQL, the saturation throughput (req/s, p50/p99 ms) of the same searches with
 * one and with two server processes (WEB_CONCURRENCY=1 and 2, BENCH_THROUGHPUT_SECONDS, default 10,
 * each), side by side; PGlite serves one process only. The load generator runs in this process,
 * on the same machine, so it takes CPU from the servers.
 * BENCH_NODE_OPTIONS sets the server processes' NODE_OPTIONS (e.g. `--trace-gc`).
 * Targets: HTTP p99 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite; page 500 ≤ 1.5× page 1.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { measureDatabaseTimes } from './search/database-time';
import { measureHttp, measureThroughput, startServer, type Throughput } from './search/http-load';

const root = path.resolve(import.meta.dirname, '..');
const members = process.env.BENCH_MEMBERS ?? '1000000';
const rate = Number(process.env.BENCH_RATE ?? '200');
const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const repeat = Number(process.env.BENCH_REPEAT ?? '50');
const port = process.env.BENCH_PORT ?? '4399';
const which = process.env.BENCH_DB ?? 'both';
const throughputSeconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? '10');

const targets = [
  {
    name: 'pglite',
    env: { DATA_DIR: path.resolve(root, process.env.BENCH_DATA_DIR ?? 'data/bench'), DATABASE_URL: undefined },
    p99Budget: 150,
  },
  {
    name: 'postgres',
    env: {
      DATA_DIR: path.resolve(root, 'data/bench-pg'),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
    },
    p99Budget: 50,
  },
].filter((target) => which === 'both' || which === target.name);

/** Creates the benchmark's PostgreSQL database when it does not exist yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
let failed = false;
for (const target of targets) {
  const env = { ...process.env, ...target.env, SEED_MEMBERS: members, NODE_ENV: 'production' };
  if (target.env.DATABASE_URL) await ensurePostgresDatabase(target.env.DATABASE_URL);
  console.log(`\n== ${target.name}: seeding up to ${members} members (kept between runs)`);
  const seeded = spawnSync('tsx', ['src/server/db/seed/cli.ts'], { cwd: root, env, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);

  // The server applies pending migrations (search indexes) first; PGlite allows one process at a time.
  const warmup = await startServer(root, env, port);
  warmup.kill('SIGTERM');
  await new Promise((resolve) => warmup.once('exit', resolve));

  const database = await measureDatabaseTimes(env, repeat);
  const server = await startServer(root, env, port);
  const http = await measureHttp(port, rate, seconds, server.pid!).finally(() => server.kill('SIGTERM'));

  console.log(`\n${target.name}: ${members} members, ${rate} searches/s, ${seconds} s per row; times in ms`);
  console.log(
    'combination                 | page | results | db cold | db p50 | db p99 | http p50 | http p99 | req/s | bytes | cpu ms | plan',
  );
  for (const row of database) {
    const h = http.find((x) => x.combination === row.combination && x.page === row.page)!;
    console.log(
      [
        row.combination.padEnd(27),
        String(row.page).padStart(4),
        String(row.numResults).padStart(7),
        fmt(row.coldMs).padStart(7),
        fmt(row.p50).padStart(6),
        fmt(row.p99).padStart(6),
        fmt(h.p50).padStart(8),
        fmt(h.p99).padStart(8),
        fmt(h.rate).padStart(5),
        String(h.bytes).padStart(5),
        fmt(h.cpuMsPerSearch).padStart(6),
        row.plan,
      ].join(' | '),
    );
    if (h.non2xx > 0) failed = true;
  }
  const worstP99 = Math.max(...http.map((h) => h.p99));
  const ratios = database
    .filter((row) => row.page === 500)
    .map((deep) => {
      const first = http.find((h) => h.combination === deep.combination && h.page === 1)!;
      const last = http.find((h) => h.combination === deep.combination && h.page === 500)!;
      return last.p50 / Math.max(first.p50, 0.001);
    });
  const overDatabase = Math.max(
    ...database.map((row) => {
      const h = http.find((x) => x.combination === row.combination && x.page === row.page)!;
      return h.p50 / Math.max(row.p50, 0.001);
    }),
  );
  const cpu = http.map((h) => h.cpuMsPerSearch).sort((a, b) => a - b);
  const sorts = database.some((row) => row.plan.includes('Sort'));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `${target.name}: worst HTTP p99 ${fmt(worstP99)} ms (budget ${target.p99Budget}: ${verdict(worstP99 <= target.p99Budget)}); ` +
      `HTTP p50 / db p50 max ${fmt(overDatabase)} (budget 3: ${verdict(overDatabase <= 3)}); ` +
      `page 500 / page 1 HTTP p50 ratio max ${fmt(Math.max(...ratios))} (budget 1.5: ${verdict(Math.max(...ratios) <= 1.5)}); ` +
      `sorts in plans: ${sorts ? 'YES (NOT met)' : 'none (met)'}; server CPU per search ${fmt(cpu[0]!)}–${fmt(cpu[cpu.length - 1]!)} ms`,
  );

  if (target.env.DATABASE_URL) {
    const throughputs: Throughput[] = [];
    for (const processes of [1, 2]) {
      const cluster = await startServer(root, { ...env, WEB_CONCURRENCY: String(processes) }, port);
      throughputs.push(
        await measureThroughput(port, processes, throughputSeconds).finally(() => cluster.kill('SIGTERM')),
      );
      await new Promise((resolve) => cluster.once('exit', resolve));
    }
    console.log(`\n${target.name}: saturation throughput, ${throughputSeconds} s each (WEB_CONCURRENCY)`);
    console.log('processes | req/s  | p50 ms | p99 ms | errors');
    for (const t of throughputs) {
      console.log(
        [
          String(t.processes).padStart(9),
          fmt(t.rate).padStart(6),
          fmt(t.p50).padStart(6),
          fmt(t.p99).padStart(6),
          String(t.non2xx).padStart(6),
        ].join(' | '),
      );
      if (t.non2xx > 0) failed = true;
    }
    console.log(
      `${target.name}: 2 processes / 1 process throughput ${fmt(throughputs[1]!.rate / Math.max(throughputs[0]!.rate, 0.001))}×`,
    );
  }
}
process.exit(failed ? 1 : 0);
