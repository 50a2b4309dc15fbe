/**
 * BENCH_TRACE=file: bench:chat appends one CSV row per message sent (mode, send time since the
 * run's first send, POST answer time and delivery time, both ms after the send; empty when
 * refused or lost), and prints the slowest deliveries with whether their POST was slow too, to
 * tell a stall on the sending side (request, statement, commit) from one on the delivery side
 * (NOTIFY, the other process, the stream).
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchStream } from './streams';

export interface TracedSend {
  id: number | null;
  pair: number;
  t0: number;
  /** When the POST was answered (ms, performance.now()); 0 when it was not. */
  answered: number;
  warmup: boolean;
}

/**
 * Starts tracing one run into `file`: samples this process's event-loop delay and PostgreSQL's
 * checkpoint counters now; `finish` writes the run's rows and prints the slowest deliveries, the
 * loop delay (ms) and the counters before and after.
 */
export async function startTrace(file: string, databaseUrl: string) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const before = await checkpointStats(databaseUrl);
  return {
    async finish(mode: string, started: number, sent: TracedSend[], recipients: BenchStream[]): Promise<void> {
      loopDelay.disable();
      writeTrace(file, mode, started, sent, recipients);
      const after = await checkpointStats(databaseUrl);
      console.log(
        `${mode}: bench client event-loop delay max ${(loopDelay.max / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms; during the run PostgreSQL ${JSON.stringify(after)} (before ${JSON.stringify(before)})`,
      );
    },
  };
}

/** Appends the run's rows to `file` and prints its ten slowest steady-state deliveries. */
function writeTrace(file: string, mode: string, started: number, sent: TracedSend[], recipients: BenchStream[]): void {
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'mode,warmup,sent_ms,answered_ms,delivered_ms\n');
  const rows = sent.map((entry) => {
    const delivered = entry.id === null ? undefined : recipients[entry.pair]!.seen.get(entry.id)?.[0];
    return {
      entry,
      answer: entry.answered ? entry.answered - entry.t0 : undefined,
      delivery: delivered === undefined ? undefined : delivered - entry.t0,
    };
  });
  fs.appendFileSync(
    file,
    rows
      .map(({ entry, answer, delivery }) =>
        [
          mode,
          entry.warmup ? 1 : 0,
          (entry.t0 - started).toFixed(1),
          answer?.toFixed(1) ?? '',
          delivery?.toFixed(1) ?? '',
        ].join(','),
      )
      .join('\n') + '\n',
  );
  const slowest = rows
    .filter((row) => !row.entry.warmup && row.delivery !== undefined)
    .sort((a, b) => b.delivery! - a.delivery!)
    .slice(0, 10);
  console.log(`${mode}: slowest deliveries (sent at ms → POST answered after / delivered after, ms):`);
  for (const { entry, answer, delivery } of slowest)
    console.log(
      `  ${new Date(performance.timeOrigin + entry.t0).toISOString()} ${(entry.t0 - started).toFixed(0)} → ${answer?.toFixed(1)} / ${delivery!.toFixed(1)}`,
    );
}

/** PostgreSQL's checkpoint counters and times (ms) from pg_stat_bgwriter, to see whether one fell inside a run. */
async function checkpointStats(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      'SELECT checkpoints_timed, checkpoints_req, checkpoint_write_time, checkpoint_sync_time, buffers_checkpoint, buffers_backend_fsync FROM pg_stat_bgwriter',
    );
    return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
  } finally {
    await client.end();
  }
}
