import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/context';
import { explain } from '../../src/server/db/explain';
import { createLogger } from '../../src/server/log/logger';
import { filterCondition, searchMembers } from '../../src/server/members/search-members';
import { pageIdsQuery } from '../../src/server/members/search-page-rows';
import { filtersOfQuery } from '../../src/server/members/search-query';
import { searchQuerySchema } from '../../src/shared/contracts/search';
import { COMBINATIONS, PAGES, percentile } from './scenarios';

export interface DatabaseTimes {
  combination: string;
  page: number;
  numResults: number;
  /** The first search of this page (computes keyset cursors on a deep page), ms. */
  coldMs: number;
  p50: number;
  p99: number;
  plan: string;
}

/**
 * Database time of the search use case (all its queries: page ids, rows,
 * images, count), measured in-process without HTTP: one cold call, then
 * `repeat` calls per combination and page. Also returns the real EXPLAIN of
 * each page-ids query (index used, Sort or not).
 */
export async function measureDatabaseTimes(
  env: Record<string, string | undefined>,
  repeat: number,
): Promise<DatabaseTimes[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ctx = await createContext(config, { log: createLogger('silent') });
  const site = ctx.sites.byPackageName.get('amora')!;
  const out: DatabaseTimes[] = [];
  try {
    for (const combination of COMBINATIONS) {
      for (const page of PAGES) {
        const query = searchQuerySchema.parse({ ...combination.query, page: String(page) });
        const filters = filtersOfQuery(query);
        const input = { filters, page, pp: 12, viewerId: null, countries: site.countries };
        const times: number[] = [];
        let numResults = 0;
        for (let i = 0; i <= repeat; i++) {
          // The database's time, not the visitors' page cache (count and cursor caches stay, as in production).
          ctx.searchPageCache.clear();
          const started = performance.now();
          const result = await searchMembers(ctx, input);
          times.push(performance.now() - started);
          numResults = result.paging.num_results;
        }
        const cold = times.shift()!;
        times.sort((a, b) => a - b);
        const condition = filterCondition(filters, filters.country ? null : site.countries, ctx.clock.now());
        const plan = await explain(ctx.database, pageIdsQuery(ctx, condition, null, 12).toSQL());
        out.push({
          combination: combination.name,
          page,
          numResults,
          coldMs: cold,
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          plan: summarizePlan(plan),
        });
      }
    }
  } finally {
    await ctx.database.close();
  }
  return out;
}

/** "Index Only Scan Backward using X" (+ " + Sort" when the plan sorts). */
function summarizePlan(lines: string[]): string {
  const text = lines.join('\n');
  const scan =
    /(Index Only Scan Backward|Index Scan Backward|Index Only Scan|Index Scan|Seq Scan|Bitmap Heap Scan)( using (\w+))?/.exec(
      text,
    );
  return `${scan ? `${scan[1]}${scan[3] ? ` ${scan[3]}` : ''}` : 'unknown'}${/\bSort\b/.test(text) ? ' + Sort' : ''}`;
}
