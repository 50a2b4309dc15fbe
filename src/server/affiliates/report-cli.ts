/**
 * `npm run report:landers -- --site amora --from 2026-11-01 --to 2026-11-30`: prints the lander
 * report (docs/product.md §12) of the configured database. `--from`/`--to` are UTC days, both
 * included (default: the last 30 days up to today); `--json` prints the report as JSON. On the
 * embedded database (PGlite) the server must not be running on the same data folder.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config';
import { createContext } from '../context';
import { formatLanderReport } from './lander-report-text';
import { landerReport } from './lander-report';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const today = new Date().toISOString().slice(0, 10);
const to = values.to ?? today;
const from = values.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) {
  console.error('report:landers: --from and --to must be days (YYYY-MM-DD), --from not after --to');
  process.exit(2);
}
const ctx = await createContext(getConfig());
try {
  const site = values.site ?? ctx.sites.defaultSite.package_name;
  if (!ctx.sites.byPackageName.has(site)) {
    console.error(`report:landers: no site "${site}" (sites: ${ctx.sites.all.map((s) => s.package_name).join(', ')})`);
    process.exitCode = 2;
  } else {
    const report = await landerReport(ctx, { site, from, to });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatLanderReport(report));
  }
} finally {
  await ctx.database.close();
}
