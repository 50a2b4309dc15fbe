/**
 * bench:chat's printout: one table per run (delivery latency ms, lost, duplicated, RSS per idle
 * stream in bytes shown as KB) and each budget as met or not met, then, over several runs
 * (BENCH_RUNS), in how many the budgets were met.
 */

/** One mode's figures in one run. */
export interface ChatRunResult {
  mode: 'one process' | 'two processes';
  sent: number;
  achievedRate: number;
  refused: number;
  lost: number;
  duplicated: number;
  /** Delivery latency, POST sent → event on the recipient's stream (ms). */
  p50: number;
  p99: number;
  /** RSS growth per idle stream, per server process (bytes). */
  perStream: number[];
}

/** Delivery p99 on two processes (ms), where every delivery crosses LISTEN/NOTIFY. */
export const P99_BUDGET_MS = 75;
/** RSS per idle stream (bytes). */
export const STREAM_BUDGET_BYTES = 64 * 1024;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Prints one run's table and budgets; returns whether every budget was met. */
export function printRun(results: ChatRunResult[], heading: string): boolean {
  console.log(`\n${heading}`);
  console.log(
    'mode           | sent | msg/s | refused | lost | duplicated | delivery p50 ms | p99 ms | RSS per idle stream',
  );
  for (const r of results) {
    console.log(
      [
        r.mode.padEnd(14),
        String(r.sent).padStart(4),
        r.achievedRate.toFixed(0).padStart(5),
        String(r.refused).padStart(7),
        String(r.lost).padStart(4),
        String(r.duplicated).padStart(10),
        r.p50.toFixed(1).padStart(15),
        r.p99.toFixed(1).padStart(6),
        r.perStream.map((b) => `${(b / 1024).toFixed(1)} KB`).join(' / '),
      ].join(' | '),
    );
  }
  const two = results.find((r) => r.mode === 'two processes');
  const checks = [
    ...(two
      ? [
          [
            `two processes: delivery p99 ≤ ${P99_BUDGET_MS} ms: ${two.p99.toFixed(1)} ms`,
            two.p99 <= P99_BUDGET_MS,
          ] as const,
        ]
      : []),
    ...results.map(
      (r) =>
        [
          `${r.mode}: 0 lost, 0 duplicated, 0 refused: ${r.lost} / ${r.duplicated} / ${r.refused}`,
          r.lost + r.duplicated + r.refused === 0,
        ] as const,
    ),
    ...results.map((r) => {
      const worst = Math.max(...r.perStream);
      return [
        `${r.mode}: ≤ 64 KB per idle stream: ${(worst / 1024).toFixed(1)} KB`,
        worst <= STREAM_BUDGET_BYTES,
      ] as const;
    }),
  ];
  console.log('budgets:');
  for (const [label, met] of checks) console.log(`  ${label} → ${verdict(met)}`);
  return checks.every(([, met]) => met);
}

/** Prints in how many of the runs every budget was met (the issue asks for all of them). */
export function printSummary(metPerRun: boolean[]): void {
  const met = metPerRun.filter(Boolean).length;
  console.log(
    `\nbench:chat: every budget met in ${met} of ${metPerRun.length} consecutive runs → ${verdict(met === metPerRun.length)}`,
  );
}
