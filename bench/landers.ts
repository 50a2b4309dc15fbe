/**
 * `npm run bench:landers`: the landers' budgets.
 * 1. Builds into `.e2e-builds/bench-landers` and reports the build time and the
 *    pre-rendering rate (pages/s; Astro's "prerendering static routes" phase).
 * 2. For every lander of the default site (8 designs × 7 niches × 7 locales):
 *    HTML with inline CSS, brotli bytes (budget ≤ 14 KB), inline JS bytes
 *    (≤ 2 KB) and render-blocking requests (0).
 * 3. Serves the build and loads each design's `de` page in Chromium at
 *    390×844: bytes transferred excluding the hero media and the template's
 *    heading font (≤ 45 KB), and that font apart (≤ 24 KB, one file per site).
 * 4. Lighthouse 13 (mobile preset) on each design's `de` page, median of
 *    BENCH_RUNS (default 3) after one warm-up run: performance ≥ 98, the
 *    others 100; prints the host's CPU benchmark index (noise on 2 cores).
 * Prints a table per design. BENCH_SKIP_BUILD=1 reuses the last bench build;
 * BENCH_SKIP_LIGHTHOUSE=1 skips step 4.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANDER_DESIGNS } from '../src/shared/landers/lander-slug';
import { loadSites } from '../src/server/platform/sites/load-sites';
import { freePort, serveBuild } from '../tests/e2e/server';
import { lighthouseScores, type LighthouseScores } from './landers/lighthouse-runs';
import { measureStaticPages } from './landers/static-output';
import { measureTransfers } from './landers/transfer';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.e2e-builds', 'bench-landers');
const runs = Number(process.env.BENCH_RUNS ?? '3');
const BUDGET = { brotli: 14 * 1024, js: 2 * 1024, transfer: 45 * 1024, font: 24 * 1024, performance: 98 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function build(): Promise<{ seconds: number; prerenderSeconds: number | null; output: string }> {
  const started = performance.now();
  const child = spawn('node', ['scripts/build-if-needed.mjs', '--force'], {
    cwd: root,
    env: { ...process.env, AMORA_OUT_DIR: outDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`build failed (${code}):\n${output.slice(-3000)}`);
  // Astro prints "prerendering static routes", the pages, then "✓ Completed in N s." for that phase.
  const phase = output.slice(output.indexOf('prerendering static routes'));
  const completed = /Completed in ([\d.]+)(m?s)/.exec(phase);
  const prerenderSeconds = completed ? Number(completed[1]) / (completed[2] === 'ms' ? 1000 : 1) : null;
  return { seconds: (performance.now() - started) / 1000, prerenderSeconds, output };
}

const site = loadSites(path.join(root, 'config/sites')).defaultSite.package_name;
const clientDir = path.join(outDir, 'client');
if (process.env.BENCH_SKIP_BUILD !== '1' || !fs.existsSync(clientDir)) {
  console.log('bench:landers: building…');
  const result = await build();
  const pages = (result.output.match(/index\.html/g) ?? []).length;
  console.log(
    `build: ${result.seconds.toFixed(1)} s in all; ${pages} pre-rendered pages in ${result.prerenderSeconds?.toFixed(1) ?? '?'} s = ${result.prerenderSeconds ? (pages / result.prerenderSeconds).toFixed(0) : '?'} pages/s`,
  );
}

const figures = measureStaticPages(clientDir, site);
console.log(`\nstatic output: ${figures.length} landers of site "${site}"`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-landers-'));
// The seed copies the landers' media into storage (no members needed).
spawnSync('npx', ['tsx', 'src/server/db/seed/cli.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, SEED_MEMBERS: '0' },
  stdio: 'inherit',
});
const server = await serveBuild(outDir, await freePort(), dataDir);
const results: {
  design: string;
  brotliMax: number;
  brotliDe: number;
  jsMax: number;
  blocking: number;
  transfer: number;
  hero: number;
  font: number;
  lighthouse: LighthouseScores | null;
}[] = [];
try {
  const urls = LANDER_DESIGNS.map((design) => `${server.url}/landers/${design}/de`);
  const transfers = await measureTransfers(urls);
  for (const design of LANDER_DESIGNS) {
    const pages = figures.filter((page) => page.design === design);
    const url = `${server.url}/landers/${design}/de`;
    const lighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1' ? null : await lighthouseScores(url, runs);
    results.push({
      design,
      brotliMax: Math.max(...pages.map((page) => page.brotliBytes)),
      brotliDe: pages.find((page) => page.slug === 'de')!.brotliBytes,
      jsMax: Math.max(...pages.map((page) => page.jsBytes)),
      blocking: Math.max(...pages.map((page) => page.renderBlocking)),
      transfer: transfers.get(url)!.totalBytes,
      hero: transfers.get(url)!.heroBytes,
      font: transfers.get(url)!.fontBytes,
      lighthouse,
    });
    console.log(`measured ${design}`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');
console.log(
  '\n| design | HTML+CSS brotli (de / max of 49) | JS max | render-blocking | transfer w/o hero and font (de) | heading font | hero media | Lighthouse perf / a11y / BP / SEO (median of ' +
    runs +
    ') |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const lh = r.lighthouse
    ? `${r.lighthouse.performance} / ${r.lighthouse.accessibility} / ${r.lighthouse.bestPractices} / ${r.lighthouse.seo}`
    : 'skipped';
  console.log(
    `| ${r.design} | ${kb(r.brotliDe)} / ${kb(r.brotliMax)} ${ok(r.brotliMax <= BUDGET.brotli)} | ${r.jsMax} B ${ok(r.jsMax <= BUDGET.js)} | ${r.blocking} ${ok(r.blocking === 0)} | ${kb(r.transfer)} ${ok(r.transfer <= BUDGET.transfer)} | ${kb(r.font)} ${ok(r.font <= BUDGET.font)} | ${kb(r.hero)} | ${lh} |`,
  );
}
const indexes = results.flatMap((r) => r.lighthouse?.benchmarkIndex ?? []);
if (indexes.length > 0)
  console.log(
    `\nLighthouse CPU benchmark index of this machine per run: ${Math.min(...indexes)}–${Math.max(...indexes)} (its 4× slowdown assumes about 1000–1500; lower means a busy or slow host and harsher scores)`,
  );
const failing = results.flatMap((r) => (r.lighthouse?.failing ?? []).map((audit) => `${r.design}: ${audit}`));
if (failing.length > 0) console.log(`\nLighthouse audits below full score:\n  ${failing.join('\n  ')}`);
const missed = results.filter(
  (r) =>
    r.brotliMax > BUDGET.brotli ||
    r.jsMax > BUDGET.js ||
    r.blocking > 0 ||
    r.transfer > BUDGET.transfer ||
    r.font > BUDGET.font ||
    (r.lighthouse &&
      (r.lighthouse.performance < BUDGET.performance ||
        r.lighthouse.accessibility < 100 ||
        r.lighthouse.bestPractices < 100 ||
        r.lighthouse.seo < 100)),
);
console.log(
  missed.length === 0 ? '\nAll lander budgets met.' : `\nBudgets missed by: ${missed.map((r) => r.design).join(', ')}`,
);
