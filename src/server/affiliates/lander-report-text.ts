import type { Rate } from './proportions';
import type { LanderReport } from './lander-report';

/** A rate as `12.5 % [10.1–15.2]` (95 % interval), or `–` without visits. */
export function formatRate(rate: Rate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return '–';
  const pct = (value: number) => (value * 100).toFixed(1);
  return `${pct(rate.rate)} % [${pct(rate.low)}–${pct(rate.high)}]`;
}

/** Columns padded to their widest cell, the first left-aligned and the rest right-aligned. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

/**
 * The lander report as plain text (`npm run report:landers`): one line per design and variant
 * with visits, signups, activations and sales and their rates per visit with 95 % intervals, then
 * each experiment's leader and whether it leads significantly, and a note when bots visited.
 */
export function formatLanderReport(report: LanderReport): string {
  const lines = [`Lander report for ${report.site}, ${report.from} to ${report.to} (UTC days, both included)`, ''];
  const note = botNote(report.botVisits);
  if (report.rows.length === 0) return [...lines, 'No visits or signups in this period.', ...note].join('\n');
  lines.push(
    table([
      ['lander', 'variant', 'visits', 'signups', 'signup rate', 'activations', 'activation rate', 'sales', 'sale rate'],
      ...report.rows.map((row) => [
        row.lander,
        row.variant ?? '–',
        String(row.visits),
        String(row.signups),
        formatRate(row.signupRate),
        String(row.activations),
        formatRate(row.activationRate),
        String(row.sales),
        formatRate(row.saleRate),
      ]),
    ]),
  );
  for (const verdict of report.experiments) {
    lines.push(
      '',
      `Experiment ${verdict.experiment}: ${verdict.leader} leads ${verdict.runnerUp} on signup rate, p = ${verdict.p.toFixed(4)} → ${verdict.significant ? 'significant (p < 0.05)' : 'not significant yet'}`,
    );
  }
  lines.push(
    '',
    'Rates are per entry-link visit; signups counted in the period, their activations and sales whenever they came.',
    ...note,
  );
  return lines.join('\n');
}

/** The note on bot visits (none when there were none): testing with curl or a headless browser shows up here. */
function botNote(botVisits: number): string[] {
  if (botVisits === 0) return [];
  return [
    '',
    `Note: ${botVisits} entry-link visit${botVisits === 1 ? '' : 's'} by bots (crawlers, curl, headless browsers) in this period ${botVisits === 1 ? 'is' : 'are'} in no row. To try an experiment, send a browser User-Agent (docs/features.md: Landers).`,
  ];
}
