import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';
import type { PeriodicJob } from '../platform/jobs/periodic-job';

/** Suspensions one claim ends; a run claims again until none is due. */
const BATCH = 500;

/**
 * docs/product.md §13 Member actions: ends the suspensions whose time has passed: clears
 * `suspended_until` and shows the profile again, except for a banned or deleted account. Safe in
 * several processes at once: each batch claims its rows with `FOR UPDATE SKIP LOCKED` and a
 * conditional UPDATE, in one transaction with the profiles (users row first, then the profile,
 * the order of the operator actions too).
 * @returns how many suspensions ended.
 */
export async function liftEndedSuspensions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = and(isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now));
  let lifted = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = tx.select({ id: users.id }).from(users).where(ended).limit(BATCH).for('update', { skipLocked: true });
      const rows = await tx
        .update(users)
        .set({ suspendedUntil: null })
        .where(and(inArray(users.id, due), ended))
        .returning({ id: users.id, bannedAt: users.bannedAt, status: users.status });
      const shown = rows.filter((row) => row.bannedAt === null && row.status !== 'deleted').map((row) => row.id);
      if (shown.length > 0) {
        await tx
          .update(profiles)
          .set({ isVisible: true })
          .where(and(inArray(profiles.id, shown), eq(profiles.isVisible, false)));
      }
      return rows.length;
    });
    lifted += batch;
    if (batch < BATCH) return lifted;
  }
}

/** The `lift-ended-suspensions` job (src/server/lifecycle/all-jobs.ts). */
export const liftSuspensionsJob: PeriodicJob = {
  name: 'lift-ended-suspensions',
  owns: 'users.suspended_until: lifts suspensions whose end has passed',
  everyMs: 60_000,
  run: async (ctx) => {
    const lifted = await liftEndedSuspensions(ctx);
    if (lifted > 0) ctx.log.info('suspensions ended', { lifted });
  },
};
