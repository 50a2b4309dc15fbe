import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { loadTest, type LoadTestOptions, type LoadTestResult } from 'loadtest';
import { processTreeCpuMs } from '../../tests/e2e/processes';
import { COMBINATIONS, PAGES, queryString } from './scenarios';

export interface HttpTimes {
  combination: string;
  page: number;
  p50: number;
  p99: number;
  rate: number;
  non2xx: number;
  bytes: number;
  /** Server CPU time (user + system, every server process) per answered search, ms. */
  cpuMsPerSearch: number;
}

/**
 * Starts the built server (no seeding) on `port` and resolves once it answers. BENCH_NODE_OPTIONS
 * becomes the server's NODE_OPTIONS (e.g. `--trace-gc`, or `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function startServer(
  root: string,
  env: Record<string, string | undefined>,
  port: string,
): Promise<ChildProcess> {
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: port,
      HOST: '127.0.0.1',
      SEED_ON_START: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/settings.php`, { headers: { 'package-name': 'amora' } })).ok) return server;
    } catch {
      // still starting (migrations on a million rows take a while the first time)
    }
    if (i > 3000 || server.exitCode !== null) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * HTTP latency of GET /api/search.php at a steady arrival rate (`rate` requests per second) for
 * `seconds` per combination and page, after one warm-up request. The requests leave at even
 * intervals whether or not the earlier ones were answered (loadtest's `requestsPerSecond`, open
 * loop, up to 20 kept-alive connections): autocannon's `overallRate` instead sends each
 * connection's quota for the second as fast as it can at the start of every second, so it measured
 * how a burst of 200 queues rather than the latency at 200 searches/s. Returns loadtest's p50/p99
 * (whole ms) and the server processes' CPU time per answered search (ms, from /proc: Node and the
 * PGlite database it runs, not a separate PostgreSQL server).
 */
export async function measureHttp(
  port: string,
  rate: number,
  seconds: number,
  serverPid: number,
): Promise<HttpTimes[]> {
  const base = `http://127.0.0.1:${port}`;
  const out: HttpTimes[] = [];
  for (const combination of COMBINATIONS) {
    for (const page of PAGES) {
      const path = `/api/search.php?${queryString(combination.query, page)}`;
      await fetch(base + path, { headers: { 'package-name': 'amora' } });
      const sample = await fetch(base + path, { headers: { 'package-name': 'amora' } });
      const bytes = (await sample.arrayBuffer()).byteLength;
      const cpuBefore = processTreeCpuMs(serverPid);
      const result = await paced({
        url: base + path,
        concurrency: 20,
        requestsPerSecond: rate,
        maxSeconds: seconds,
        agentKeepAlive: true,
        headers: { 'package-name': 'amora' },
        quiet: true,
      });
      out.push({
        combination: combination.name,
        page,
        p50: result.percentiles[50]!,
        p99: result.percentiles[99]!,
        rate: result.rps,
        non2xx: result.totalErrors,
        bytes,
        cpuMsPerSearch: (processTreeCpuMs(serverPid) - cpuBefore) / Math.max(result.totalRequests, 1),
      });
    }
  }
  return out;
}

/** loadtest's run as a promise (its typings predate the promise form). */
function paced(options: LoadTestOptions): Promise<LoadTestResult> {
  return new Promise((resolve, reject) => {
    loadTest(options, (error: Error | null, result: LoadTestResult) => (error ? reject(error) : resolve(result)));
  });
}

export interface Throughput {
  processes: number;
  /** Mean answered searches per second. */
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * Saturation throughput of GET /api/search.php: `connections` clients each sending the next
 * search as soon as the last one is answered, for `seconds`, cycling through every filter
 * combination at page 1 and page 500 (so no single cached page dominates). Returns autocannon's
 * mean req/s and latency p50/p99 (ms); `processes` is only carried along for the table.
 */
export async function measureThroughput(
  port: string,
  processes: number,
  seconds: number,
  connections = 32,
): Promise<Throughput> {
  const base = `http://127.0.0.1:${port}`;
  const paths = COMBINATIONS.flatMap((combination) =>
    PAGES.map((page) => `/api/search.php?${queryString(combination.query, page)}`),
  );
  for (const path of paths) await fetch(base + path, { headers: { 'package-name': 'amora' } });
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { 'package-name': 'amora' },
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return {
    processes,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}
