/**
 * `npm run bench:decode-bombs`: photo decoding under attack (docs/architecture.md §5).
 * Builds into `.e2e-builds/bench-decode-bombs` when the sources changed (BENCH_SKIP_BUILD=1
 * reuses it), serves it on PGlite in a fresh data folder, signs up one member and, after a
 * warm-up (one upload, settings requests, the periodic jobs' first run), sends BENCH_BOMBS
 * (default 10) 40-megapixel images (1–2 MB each) at once as that member, from a process of
 * its own (bench/decode-bombs/attacker.ts), while GET /api/settings.php is asked every
 * BENCH_INTERVAL_MS (default 10) ms.
 * Prints the server's RSS before (after a full garbage collection) and at its peak (sampled
 * every 10 ms), the uploads' statuses and time, and for 2 s before and during the uploads the
 * settings requests' p50/p99/max as the client sees them and the server's event-loop delay
 * (p99/max; unlike the client's times it does not count a busy machine's scheduling of the
 * client). Targets: RSS growth ≤ 300 MB, settings p99 < 100 ms while the images are processed.
 * BENCH_NODE_ARGS adds flags to the server; other server settings (e.g.
 * IMAGE_DECODE_CONCURRENCY) are passed on from the environment.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort, waitForServer } from '../tests/e2e/server';
import { makeBombs, smallPhoto, type BombImage } from './decode-bombs/images';
import { percentile } from './search/scenarios';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.e2e-builds', 'bench-decode-bombs');
const dataDir = path.join(root, 'data', 'bench-decode-bombs');
const bombCount = Number(process.env.BENCH_BOMBS ?? '10');
const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? '10');
const BUDGET = { rssGrowthMb: 300, p99Ms: 100 };
const MB = 1024 * 1024;

/** Why settings requests failed (error code or status → count), printed under the table. */
const failures = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const procStatus = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(outDir, 'server', 'entry.mjs'))) return;
  const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    cwd: root,
    env: { ...process.env, AMORA_OUT_DIR: outDir },
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function startServer(port: number): Promise<ChildProcess> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    AMORA_OUT_DIR: outDir,
    LOG_LEVEL: 'warn',
  };
  // PGlite in the bench's own folder, never a shared PostgreSQL.
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      './bench/decode-bombs/server-probe.mjs',
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      'scripts/serve.mjs',
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('probe ')) console.log(line);
    else probeWaiters.shift()?.(JSON.parse(line.slice(6)) as LoopDelay);
  });
  await waitForServer(`http://127.0.0.1:${port}/build-id.json`, child, 60_000);
  return child;
}

/** The server's event-loop delay (ms) between two probes (bench/decode-bombs/server-probe.mjs). */
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}
const probeWaiters: ((delay: LoopDelay) => void)[] = [];
/** Asks the server for its event-loop delay since the last probe, then a full garbage collection. */
function probe(server: ChildProcess): Promise<LoopDelay> {
  const answer = new Promise<LoopDelay>((resolve) => probeWaiters.push(resolve));
  server.kill('SIGUSR2');
  return answer;
}

/** Signs up a member through the API; returns the session cookie (`name=value`). */
async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/user.php?new=1`, {
    method: 'POST',
    headers: { 'package-name': 'amora', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bombs@example.com', name: 'Bea', password: 'bench-pass', language: 'en' }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('amora_session='));
  if (!response.ok || !cookie) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** The multipart body of one upload, encoded ahead so the client does no encoding while it measures. */
async function multipart(image: BombImage): Promise<{ body: ArrayBuffer; type: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  const encoded = new Response(form);
  return { body: await encoded.arrayBuffer(), type: encoded.headers.get('content-type')! };
}

/**
 * Starts bench/decode-bombs/attacker.ts with the bodies written to files; resolves once it is
 * ready. `go()` makes it post them all at once and resolves with each upload's status and time.
 */
async function startAttacker(
  cookie: string,
  forms: { body: ArrayBuffer; type: string }[],
): Promise<{ go: () => Promise<{ status: number; ms: number }[]> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decode-bombs-'));
  const files = forms.map((form, i) => {
    const file = path.join(dir, `bomb-${i}.multipart`);
    fs.writeFileSync(file, new Uint8Array(form.body));
    fs.writeFileSync(`${file}.type`, form.type);
    return file;
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/decode-bombs/attacker.ts', ...files], {
    cwd: root,
    env: { ...process.env, BENCH_BASE: base, BENCH_COOKIE: cookie },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGTERM'));
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the attacker process ended early');
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the attacker process did not start');
  return {
    go: async () => {
      child.stdin!.write('go\n');
      const results = JSON.parse(await next()) as { status: number; ms: number }[];
      fs.rmSync(dir, { recursive: true, force: true });
      return results;
    },
  };
}

async function upload(
  base: string,
  cookie: string,
  form: { body: ArrayBuffer; type: string },
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/profileimage.php`, {
    method: 'POST',
    headers: { 'package-name': 'amora', 'content-type': form.type, cookie },
    body: form.body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/**
 * Asks GET /api/settings.php every `intervalMs` (open loop: a slow answer does not delay the
 * next request) until `stop` resolves, then waits for the answers; returns their times (ms),
 * sorted, and counts failed requests in `failures`.
 */
async function settingsStream(base: string, stop: Promise<unknown>): Promise<number[]> {
  const times: Promise<number | null>[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  const started = performance.now();
  for (let n = 0; !stopped; n++) {
    const wait = started + n * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    times.push(
      fetch(`${base}/api/settings.php`, { headers: { 'package-name': 'amora' } })
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return performance.now() - sent;
        })
        .catch((error: Error) => {
          const reason = (error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message;
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
          return null;
        }),
    );
  }
  return (await Promise.all(times)).filter((ms) => ms !== null).sort((a, b) => a - b);
}

/** Samples the server's RSS every 10 ms until `stop` resolves; returns the highest value (bytes). */
async function peakRss(pid: number, stop: Promise<unknown>): Promise<number> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  let peak = 0;
  while (!stopped) {
    peak = Math.max(peak, procStatus(pid, 'VmRSS'));
    await sleep(10);
  }
  return Math.max(peak, procStatus(pid, 'VmRSS'));
}

const fmt = (ms: number) => ms.toFixed(1).padStart(7);
const row = (label: string, times: number[], delay: LoopDelay) =>
  `${label.padEnd(18)} | ${String(times.length).padStart(8)} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 99))} | ${fmt(times.at(-1) ?? NaN)} | ${fmt(delay.p99)} | ${fmt(delay.max)}`;

build();
console.log(`bench:decode-bombs: making ${bombCount} images of 40 megapixels…`);
const bombs = await makeBombs(bombCount);
const bodies = await Promise.all(bombs.map(multipart));
const warmPhoto = await multipart({ bytes: await smallPhoto(), type: 'image/jpeg', name: 'warm.jpg' });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port);
const serverStarted = performance.now();
// An aborted run must not leave the server behind.
process.once('exit', () => server.kill('SIGTERM'));
try {
  const cookie = await signUp(base);
  const warm = await upload(base, cookie, warmPhoto);
  if (warm.status !== 200) throw new Error(`warm-up upload answered ${warm.status}`);
  await settingsStream(base, sleep(500));
  // The periodic jobs' first run starts 5 s after the server (src/server/lifecycle/periodic-jobs.ts).
  await sleep(Math.max(0, serverStarted + 8000 - performance.now()));
  await probe(server);
  await sleep(1000);
  const idle = await settingsStream(base, sleep(2000));
  const idleDelay = await probe(server);
  await sleep(1000);
  const rssBefore = procStatus(server.pid!, 'VmRSS');

  const attacker = await startAttacker(cookie, bodies);
  const started = performance.now();
  const uploads = attacker.go();
  const done = uploads.then(() => sleep(200));
  const [results, during, peak] = await Promise.all([uploads, settingsStream(base, done), peakRss(server.pid!, done)]);
  const totalS = (performance.now() - started) / 1000;
  const bombDelay = await probe(server);

  const growthMb = (peak - rssBefore) / MB;
  const p99 = percentile(during, 99);
  const statuses = new Map<number, number>();
  for (const result of results) statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
  const wire = bombs.reduce((sum, image) => sum + image.bytes.byteLength, 0) / MB;
  console.log(
    `\nbench:decode-bombs: ${bombCount} × 8000×5000 images (${wire.toFixed(1)} MB in all) uploaded at once by one member`,
  );
  console.log(
    `uploads: ${[...statuses].map(([status, n]) => `${n} × HTTP ${status}`).join(', ')}; all answered after ${totalS.toFixed(1)} s; slowest ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms`,
  );
  console.log(
    `server RSS: before ${(rssBefore / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB (budget ≤ ${BUDGET.rssGrowthMb})`,
  );
  console.log(`\nGET /api/settings.php every ${intervalMs} ms; server event-loop delay (ms)`);
  console.log('                   | requests |  p50 ms |  p99 ms |  max ms | loop p99 | loop max');
  console.log(row('before the uploads', idle, idleDelay));
  console.log(row('during the uploads', during, bombDelay));
  for (const [reason, n] of failures) console.log(`failed settings requests: ${n} × ${reason}`);
  const passed = growthMb <= BUDGET.rssGrowthMb && p99 < BUDGET.p99Ms && failures.size === 0;
  console.log(
    `\ntargets: RSS growth ≤ ${BUDGET.rssGrowthMb} MB, settings p99 < ${BUDGET.p99Ms} ms → ${passed ? 'met' : 'NOT met'}`,
  );
  process.exitCode = passed ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
