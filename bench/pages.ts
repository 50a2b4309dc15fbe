/**
 * `npm run bench:pages`: the app pages' performance budgets (docs/architecture.md §5).
 * 1. Builds into `.e2e-builds/bench-pages` when the sources changed (BENCH_SKIP_BUILD=1 reuses
 *    the last bench build), seeds BENCH_MEMBERS (default 2,000) demo members into a fresh data
 *    folder (`data/bench-pages`, PGlite) and serves the build with `scripts/serve.mjs` on 127.0.0.1.
 * 2. Logs in demo member 1 through the API; the member pages run with its session cookie in the
 *    browser's cookie jar (bench/landers/lighthouse-runs.ts: cache, other cookies and storage cleared
 *    before each run).
 * 3. Per page, Lighthouse 13 mobile (simulated throttling) BENCH_RUNS (default 3) times after a
 *    warm-up run, each a first visit (cache, cookies and storage cleared): median performance
 *    score, median LCP (s), transferred bytes in all and of scripts (`transferSize` of the network
 *    records, `resourceType` Script) and the number of script requests.
 * Budgets: performance ≥ 95 and LCP ≤ 2.0 s on the app pages; ≤ 90 KB of JS transferred on a first
 * visit to `/` and `/members`. The lander and the FAQ page are references without budgets. Prints a
 * table, each budget as met / not met and an overall line; exits 1 when a budget is not met.
 * BENCH_PAGES=/,/members measures only the named pages (labels as in the table).
 * BENCH_REPORTS_DIR=folder keeps every counted run's Lighthouse report there as JSON
 * (`<label>-<as>-<run>.json`, the label with underscores for what is not a letter or digit), to see what delays a page.
 */
import path from 'node:path';
import { freePort } from '../tests/e2e/server';
import { measurePage, type PageFigures } from './pages/measure';
import { buildIfNeeded, firstSearchResult, logInDemo, seedFreshData, startServer } from './pages/server';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'data', 'bench-pages');
const runs = Number(process.env.BENCH_RUNS ?? '3');
const members = Number(process.env.BENCH_MEMBERS ?? '2000');
const BUDGET = { performance: 95, lcpSeconds: 2.0, jsBytes: 90 * 1024 };

/** A page to measure: its label, who visits it, which budgets apply and what the visit shows. */
interface PageSpec {
  label: string;
  /** Path to load; `:id` is replaced by a seeded member's id. */
  path: string;
  as: 'visitor' | 'member';
  /** Performance and LCP budgets apply. */
  speed: boolean;
  /** The first-visit JS budget applies. */
  js: boolean;
  note: string;
}

const PAGES: PageSpec[] = [
  {
    label: '/landers/maplanding/en',
    path: '/landers/maplanding/en',
    as: 'visitor',
    speed: false,
    js: false,
    note: 'reference: a pre-rendered lander',
  },
  {
    label: '/pages/faq',
    path: '/pages/faq',
    as: 'visitor',
    speed: false,
    js: false,
    note: 'reference: a pre-rendered content page',
  },
  { label: '/', path: '/', as: 'visitor', speed: true, js: true, note: 'home with Join and Log in' },
  {
    label: '/ (member)',
    path: '/',
    as: 'member',
    speed: true,
    js: false,
    note: 'no redirect: the same home with a link to the search',
  },
  {
    label: '/members',
    path: '/members',
    as: 'visitor',
    speed: true,
    js: true,
    note: "search as a visitor (amora's logged_out_search is all)",
  },
  { label: '/members (member)', path: '/members', as: 'member', speed: true, js: false, note: "a member's search" },
  {
    label: '/members/:id',
    path: '/members/:id',
    as: 'member',
    speed: true,
    js: false,
    note: "the first search result's profile",
  },
  {
    label: '/login',
    path: '/login',
    as: 'visitor',
    speed: true,
    js: false,
    note: 'a member would be redirected away',
  },
  {
    label: '/signup',
    path: '/signup',
    as: 'visitor',
    speed: true,
    js: false,
    note: 'wizard step 0; a member with a complete signup is redirected away',
  },
  { label: '/chats', path: '/chats', as: 'member', speed: true, js: false, note: 'the chat list (no chats yet)' },
  { label: '/credits', path: '/credits', as: 'member', speed: true, js: false, note: 'balance and packages' },
];

const only = process.env.BENCH_PAGES?.split(',').map((label) => label.trim());
const pages = only ? PAGES.filter((page) => only.includes(page.label)) : PAGES;
if (pages.length === 0) throw new Error(`BENCH_PAGES names none of: ${PAGES.map((page) => page.label).join(', ')}`);

buildIfNeeded();
console.log(`bench:pages: seeding ${members} demo members into ${path.relative(root, dataDir)}…`);
const seedSeconds = seedFreshData(dataDir, members);
console.log(`bench:pages: seeded in ${seedSeconds.toFixed(0)} s`);
const server = await startServer(dataDir, await freePort());
const results: { page: PageSpec; path: string; figures: PageFigures }[] = [];
try {
  const cookie = await logInDemo(server.url, 1);
  const memberId = await firstSearchResult(server.url, cookie);
  for (const page of pages) {
    const pagePath = page.path.replace(':id', String(memberId));
    const started = performance.now();
    const saved = process.env.BENCH_REPORTS_DIR
      ? { dir: process.env.BENCH_REPORTS_DIR, name: `${page.label.replace(/[^a-z0-9]+/gi, '_')}-${page.as}` }
      : undefined;
    const figures = await measurePage(
      `${server.url}${pagePath}`,
      runs,
      page.as === 'member' ? cookie : undefined,
      saved,
    );
    results.push({ page, path: pagePath, figures });
    console.log(`measured ${page.label} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await server.stop();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** What was measured: the page's path, or where a redirect led (which makes its figures another page's). */
const measured = (r: (typeof results)[number]) =>
  r.figures.finalPaths.length === 0 ? r.path : `${r.path} → ${r.figures.finalPaths.join(', ')} (redirected)`;

console.log(
  `\n| page | as | measured | performance | LCP | transferred | JS transferred | JS requests |  (Lighthouse 13 mobile, median of ${runs})`,
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const f = r.figures;
  console.log(
    `| ${r.page.label} | ${r.page.as} | ${measured(r)} | ${f.performance} | ${f.lcpSeconds.toFixed(2)} s | ${kb(f.totalBytes)} | ${kb(f.jsBytes)} | ${f.jsRequests} |`,
  );
}
console.log('\nwhat each page shows:');
for (const r of results) console.log(`  ${r.page.label} (${r.page.as}): ${r.page.note}`);

const verdicts: { text: string; met: boolean }[] = [];
for (const { page, figures: f } of results) {
  // A redirect means the figures are another page's: the page's budgets cannot be met that way.
  const redirected = f.finalPaths.length > 0;
  const check = (name: string, value: string, pass: boolean) =>
    verdicts.push({
      text: `${page.label} ${name}: ${value}${redirected ? ' (redirected)' : ''}`,
      met: pass && !redirected,
    });
  if (page.speed) {
    check(`performance ≥ ${BUDGET.performance}`, String(f.performance), f.performance >= BUDGET.performance);
    check(`LCP ≤ ${BUDGET.lcpSeconds.toFixed(1)} s`, `${f.lcpSeconds.toFixed(2)} s`, f.lcpSeconds <= BUDGET.lcpSeconds);
  }
  if (page.js) check(`JS ≤ ${kb(BUDGET.jsBytes)} (first visit)`, kb(f.jsBytes), f.jsBytes <= BUDGET.jsBytes);
}
console.log('\nbudgets:');
for (const verdict of verdicts) console.log(`  ${verdict.text} → ${verdict.met ? 'met' : 'not met'}`);

const overJs = results.filter((r) => r.page.js && r.figures.jsBytes > BUDGET.jsBytes);
for (const r of overJs)
  console.log(
    `\nheaviest scripts of ${r.page.label}: ${r.figures.heaviestScripts.map((s) => `${s.path} ${kb(s.bytes)}`).join(', ')}`,
  );
const indexes = results.flatMap((r) => r.figures.benchmarkIndex);
console.log(
  `\nLighthouse CPU benchmark index of this machine per run: ${Math.min(...indexes)}–${Math.max(...indexes)} (its 4× slowdown assumes about 1000–1500; lower means a busy or slow host and harsher scores)`,
);
const missed = verdicts.filter((verdict) => !verdict.met).length;
console.log(
  missed === 0
    ? `\noverall: all ${verdicts.length} page budgets met`
    : `\noverall: ${missed} of ${verdicts.length} page budgets not met`,
);
process.exitCode = missed === 0 ? 0 : 1;
