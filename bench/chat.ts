/**
 * `npm run bench:chat`: chat delivery over Server-Sent Events on PostgreSQL
 * (BENCH_CHAT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_chat,
 * recreated each run). 2 × BENCH_PAIRS (default 1,000) members hold one open
 * stream each (2,000 streams); senders post BENCH_RATE (default 200) messages/s
 * for BENCH_SECONDS (default 10), after BENCH_WARMUP_SECONDS (default 5) at the same
 * rate whose messages count for lost/duplicated but not for latency. Run twice: one server process, then two
 * processes sharing PostgreSQL (senders on one, recipients on the other, so
 * every delivery crosses LISTEN/NOTIFY). Prints delivery latency (POST sent →
 * event on the recipient's stream) p50/p99 ms, lost and duplicated counts, and
 * RSS per idle stream (bytes). BENCH_NODE_ARGS adds flags to the server processes
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`); BENCH_TRACE=file traces every message (chat/trace.ts). The client
 * runs without pretenuring and collects its garbage before each run's first message, so its own
 * pauses do not read as delivery time. BENCH_RUNS (default 1) repeats both modes that many
 * times in a row on the same members and prints in how many runs every budget was met. Budgets
 * (printed as met / NOT met): p99 ≤ 75 ms on two processes, 0 lost, 0 duplicated, ≤ 64 KB per stream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createPairs, resetDatabase } from './chat/setup';
import { openStream, type BenchStream } from './chat/streams';
import { printRun, printSummary, type ChatRunResult } from './chat/report';
import { startTrace, type TracedSend } from './chat/trace';
import { percentile } from './search/scenarios';

// The client's own collections would delay its arrival timestamps (a 100 ms pause of this process
// reads as 100 ms of delivery): as in the servers (scripts/gc-tuning.mjs), no pretenuring, and a
// full collection before each run's first message.
v8.setFlagsFromString('--no-allocation-site-pretenuring');
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_CHAT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_chat';
const pairsCount = Number(process.env.BENCH_PAIRS ?? '1000');
const rate = Number(process.env.BENCH_RATE ?? '200');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? '5');
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.resolve(root, 'data/bench-chat'),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
};

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Three RSS samples per server, one second apart, each right after a full garbage collection (SIGUSR2, see chat/gc-on-signal.mjs). */
async function sampleRss(servers: ChildProcess[]): Promise<number[][]> {
  const samples: number[][] = servers.map(() => []);
  for (let i = 0; i < 3; i++) {
    if (!process.env.NO_GC) for (const server of servers) server.kill('SIGUSR2');
    await sleep(i === 0 ? 500 : 1000);
    servers.forEach((server, s) => samples[s]!.push(rssOf(server.pid!)));
  }
  return samples;
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      './bench/chat/gc-on-signal.mjs',
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      'scripts/serve.mjs',
    ],
    { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'inherit' },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/settings.php`, { headers: { 'package-name': 'amora' } })).ok)
        return child;
    } catch {
      // starting
    }
    await sleep(100);
  }
  throw new Error('server did not start');
}

/** Why refused sends failed (status or error code → count), printed under the table. */
const refusals = new Map<string, number>();
const refuse = (reason: string) => refusals.set(reason, (refusals.get(reason) ?? 0) + 1);

function post(
  agent: http.Agent,
  port: number,
  token: string,
  conversation: number,
  text: string,
): Promise<number | null> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ conversation, text });
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/messages.php',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `amora_session=${token}`,
          'package-name': 'amora',
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (response) => {
        let data = '';
        response.on('data', (chunk) => (data += chunk));
        response.on('end', () => {
          if (response.statusCode === 200) resolve((JSON.parse(data) as { message: { id: number } }).message.id);
          else {
            refuse(`HTTP ${response.statusCode} ${data.slice(0, 80)}`);
            resolve(null);
          }
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      refuse(error.code ?? error.message);
      resolve(null);
    });
    request.end(body);
  });
}

type Pairs = Awaited<ReturnType<typeof createPairs>>;

/** Opens the streams of pairs[from, to): recipients on the last port, senders on the first. */
async function openPairs(
  ports: number[],
  pairs: Pairs,
  from: number,
  to: number,
  agent: http.Agent,
  out: { recipients: BenchStream[]; senders: BenchStream[] },
) {
  for (let i = from; i < to; i += 50) {
    const batch = pairs.slice(i, Math.min(i + 50, to));
    out.recipients.push(
      ...(await Promise.all(batch.map((pair) => openStream(ports[ports.length - 1]!, pair.recipientToken, agent)))),
    );
    out.senders.push(...(await Promise.all(batch.map((pair) => openStream(ports[0]!, pair.senderToken, agent)))));
  }
}

async function stopServers(servers: ChildProcess[]): Promise<void> {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('exit', resolve))));
}

/**
 * RSS per idle stream, on servers of its own (the forced collections it needs would
 * change the latency run's heap): streams opened after a first 100 pairs have warmed
 * the server up (code loaded, pools and caches filled), the lowest RSS before against
 * the highest after, each sampled right after a full collection.
 */
async function measureStreamMemory(ports: number[], pairs: Pairs): Promise<number[]> {
  const servers = await Promise.all(ports.map(startServer));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams = { recipients: [] as BenchStream[], senders: [] as BenchStream[] };
  const warmPairs = Math.min(100, pairs.length - 1);
  await openPairs(ports, pairs, 0, warmPairs, agent, streams);
  await sleep(1000);
  const before = (await sampleRss(servers)).map((samples) => Math.min(...samples));
  await openPairs(ports, pairs, warmPairs, pairs.length, agent, streams);
  await sleep(1000);
  const after = (await sampleRss(servers)).map((samples) => Math.max(...samples));
  for (const stream of [...streams.recipients, ...streams.senders]) stream.close();
  agent.destroy();
  await stopServers(servers);
  const streamsPerProcess = ((pairs.length - warmPairs) * 2) / servers.length;
  return after.map((bytes, i) => (bytes - before[i]!) / streamsPerProcess);
}

async function run(mode: ChatRunResult['mode'], pairs: Pairs): Promise<ChatRunResult> {
  const ports = mode === 'one process' ? [4411] : [4411, 4412];
  const perStream = await measureStreamMemory(ports, pairs);
  const servers = await Promise.all(ports.map(startServer));
  const senderPort = ports[0]!;
  const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams = { recipients: [] as BenchStream[], senders: [] as BenchStream[] };
  await openPairs(ports, pairs, 0, pairs.length, streamAgent, streams);
  const { recipients: recipientStreams, senders: senderStreams } = streams;
  await sleep(3000);

  // One per run, so no connection of an earlier run's servers is reused; FIFO turns every
  // connection over, so none sits idle while the run goes on.
  const postAgent = new http.Agent({ keepAlive: true, maxSockets: 64, scheduling: 'fifo' });
  const sent: TracedSend[] = [];
  const warmupCount = rate * warmupSeconds;
  const total = rate * seconds + warmupCount;
  collectGarbage();
  const trace = process.env.BENCH_TRACE ? await startTrace(process.env.BENCH_TRACE, databaseUrl) : null;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const pair = n % pairs.length;
    const entry: TracedSend = { id: null, pair, t0: performance.now(), answered: 0, warmup: n < warmupCount };
    sent.push(entry);
    inflight.push(
      post(postAgent, senderPort, pairs[pair]!.senderToken, pairs[pair]!.conversation, `bench ${n}`).then((id) => {
        entry.id = id;
        entry.answered = performance.now();
      }),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000;
  await sleep(5000);

  const latencies: number[] = [];
  let lost = 0;
  let duplicated = 0;
  let refused = 0;
  for (const entry of sent) {
    if (entry.id === null) {
      refused++;
      continue;
    }
    const times = recipientStreams[entry.pair]!.seen.get(entry.id);
    if (!times) lost++;
    else {
      if (!entry.warmup) latencies.push(times[0]! - entry.t0);
      if (times.length > 1) duplicated += times.length - 1;
    }
  }
  await trace?.finish(mode, started, sent, recipientStreams);
  latencies.sort((a, b) => a - b);
  for (const stream of [...recipientStreams, ...senderStreams]) stream.close();
  streamAgent.destroy();
  postAgent.destroy();
  await stopServers(servers);
  return {
    mode,
    sent: sent.length,
    achievedRate: sent.length / sendSeconds,
    refused,
    lost,
    duplicated,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perStream,
  };
}

const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, env, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await resetDatabase(databaseUrl);
console.log(`bench:chat: creating ${pairsCount} conversations (${pairsCount * 2} members with sessions)…`);
const pairs = await createPairs(env, pairsCount);
const runs = Number(process.env.BENCH_RUNS ?? '1');
const metPerRun: boolean[] = [];
let failed = false;
for (let n = 1; n <= runs; n++) {
  const results = [await run('one process', pairs), await run('two processes', pairs)];
  for (const [reason, count] of refusals) console.log(`refused: ${count} × ${reason}`);
  refusals.clear();
  const heading = `bench:chat run ${n} of ${runs}: ${pairsCount * 2} open streams, ${rate} messages/s for ${seconds} s after a ${warmupSeconds} s warm-up, PostgreSQL`;
  metPerRun.push(printRun(results, heading));
  failed ||= results.some((r) => r.lost > 0 || r.duplicated > 0 || r.refused > 0);
}
printSummary(metPerRun);
process.exit(failed ? 1 : 0);
