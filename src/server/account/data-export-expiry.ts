import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { dataExports } from '../db/schema';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { failStaleBuilds } from './data-export';

/**
 * docs/product.md §10 Data export: export files are deleted once their 24 h are over, and
 * builds cut off by a restart are given up so the member can ask again. Rows are claimed by
 * one conditional UPDATE (status ready/downloaded → expired); the files of expired rows are then
 * deleted (a file deleted twice by two processes is harmless) and their key cleared.
 * @returns how many exports expired.
 */
export async function expireDataExports(ctx: AppContext): Promise<number> {
  await failStaleBuilds(ctx);
  const expired = await ctx.db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(dataExports.status, ['ready', 'downloaded']),
        isNotNull(dataExports.expiresAt),
        lte(dataExports.expiresAt, ctx.clock.now()),
      ),
    )
    .returning({ id: dataExports.id });
  // Files of expired exports, including any an earlier run failed to delete (deleting twice is harmless).
  const leftovers = await ctx.db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'expired'), isNotNull(dataExports.fileKey)));
  for (const { id, fileKey } of leftovers) {
    if (fileKey) await ctx.storage.delete(fileKey);
    await ctx.db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, id));
  }
  return expired.length;
}

/** The `data-export-expiry` job (src/server/lifecycle/all-jobs.ts). */
export const dataExportExpiryJob: PeriodicJob = {
  name: 'data-export-expiry',
  owns: 'data_exports past their download window and their files',
  everyMs: 10 * 60_000,
  run: async (ctx) => {
    await expireDataExports(ctx);
  },
};
