import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { images, type PhotoScreening } from '../db/schema';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { ClassifierUnavailableError, sharedPhotoClassifier } from './photo-classifier';
import { refreshProfileNudity } from '../media';
import {
  isExplicit,
  reviewPriorityOf,
  screenPhoto,
  UnreadablePhotoError,
  unscoredScreening,
  type ScreenPhoto,
} from './screen-photo';

/** Photos one claim takes; a run claims again until none is due. */
const BATCH = 4;
/**
 * How long a claim holds (ms). While `screening_due` is true, `screened_at` is the time the
 * photo may be claimed (again): a claim sets it this far ahead, so a process that dies while
 * scoring leaves the photo to the others afterwards.
 */
export const SCREENING_LEASE_MS = 2 * 60_000;
/** Wait before a photo whose scoring failed is tried again (ms). */
export const SCREENING_RETRY_DELAY_MS = 60_000;
/** Failed scorings of one photo (per process) before it is stored as unscored (`unscored:failed`). */
export const SCREENING_MAX_ATTEMPTS = 3;

interface Claimed {
  id: number;
  filename: string;
  leaseUntil: Date;
}

/** Failed attempts per image id in this process (cleared once the photo is stored). */
const failedAttempts = new Map<number, number>();

/**
 * Claims up to `limit` due photos, oldest first: due, and not claimed by a live run (the partial
 * index `images_screening_due_idx`; `FOR UPDATE SKIP LOCKED` and the conditional UPDATE make
 * concurrent runs in other processes claim other rows).
 */
async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const claimable = and(sql`${images.screeningDue}`, or(isNull(images.screenedAt), lte(images.screenedAt, now)));
  const due = ctx.db
    .select({ id: images.id })
    .from(images)
    .where(claimable)
    .orderBy(asc(images.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await ctx.db
    .update(images)
    .set({ screenedAt: new Date(now.getTime() + SCREENING_LEASE_MS) })
    .where(and(inArray(images.id, due), claimable))
    .returning({ id: images.id, filename: images.filename, leaseUntil: images.screenedAt });
  return rows.map((row) => ({ ...row, leaseUntil: row.leaseUntil! }));
}

/** The row's condition while our claim holds: still due, claimed by us. */
const ours = (row: Claimed) =>
  and(eq(images.id, row.id), sql`${images.screeningDue}`, eq(images.screenedAt, row.leaseUntil));

/** Gives a claimed photo back, to be claimed again from `notBefore`. */
async function release(ctx: AppContext, row: Claimed, notBefore: Date): Promise<void> {
  await ctx.db.update(images).set({ screenedAt: notBefore }).where(ours(row));
}

/**
 * Stores the screening while our claim holds: scores, `screened_at`, no longer due, the review
 * priority, and for an explicit photo its nudity flag and the member's `has_nudity` (in the same
 * transaction). An operator's earlier nudity flag is never cleared here.
 */
async function store(ctx: AppContext, row: Claimed, screening: PhotoScreening): Promise<boolean> {
  const explicit = isExplicit(screening);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(images)
      .set({
        screening,
        screenedAt: ctx.clock.now(),
        screeningDue: false,
        reviewPriority: reviewPriorityOf(screening),
        ...(explicit ? { nudity: true } : {}),
      })
      .where(ours(row))
      .returning({ profileId: images.profileId });
    if (updated && explicit) await refreshProfileNudity(tx, updated.profileId);
    return updated !== undefined;
  });
}

type Outcome = 'screened' | 'unscored' | 'retry' | 'unavailable';

/** Scores one claimed photo and stores the outcome (see `screenDuePhotos`). */
async function screenOne(ctx: AppContext, row: Claimed, screen: ScreenPhoto): Promise<Outcome> {
  let screening: PhotoScreening;
  try {
    const bytes = await ctx.storage.get(row.filename);
    screening = bytes ? await screen(bytes) : unscoredScreening('missing-file');
  } catch (error) {
    const retryAt = new Date(ctx.clock.now().getTime() + SCREENING_RETRY_DELAY_MS);
    if (error instanceof UnreadablePhotoError) screening = unscoredScreening('unreadable');
    else if (error instanceof ClassifierUnavailableError) {
      await release(ctx, row, retryAt);
      ctx.log.warn('photo screening unavailable', { imageId: row.id, error });
      return 'unavailable';
    } else {
      const attempt = (failedAttempts.get(row.id) ?? 0) + 1;
      ctx.log.warn('photo screening failed', { imageId: row.id, attempt, error });
      if (attempt < SCREENING_MAX_ATTEMPTS) {
        if (failedAttempts.size > 10_000) failedAttempts.clear();
        failedAttempts.set(row.id, attempt);
        await release(ctx, row, retryAt);
        return 'retry';
      }
      screening = unscoredScreening('failed');
    }
  }
  failedAttempts.delete(row.id);
  if (!(await store(ctx, row, screening))) return 'retry';
  const unscored = screening.model.startsWith('unscored:');
  if (unscored) ctx.log.warn('photo not screenable', { imageId: row.id, reason: screening.model });
  else ctx.log.debug('photo screened', { imageId: row.id, ms: screening.ms, priority: reviewPriorityOf(screening) });
  return unscored ? 'unscored' : 'screened';
}

export interface ScreeningRun {
  /** Photos scored and stored. */
  screened: number;
  /** Photos stored as unscored (missing file, undecodable, or failed SCREENING_MAX_ATTEMPTS times). */
  unscored: number;
  /** Photos given back for a later try. */
  retried: number;
}

/**
 * docs/product.md §13 Screening: scores every due photo (member uploads, `screening_due`),
 * claimed BATCH at a time, until none is due or the classifier is unavailable. Safe in several
 * processes at once: a photo is claimed by one run (SCREENING_LEASE_MS). A photo whose file is
 * missing or does not decode is stored at once as unscored (review priority 1); another failure
 * is retried after SCREENING_RETRY_DELAY_MS, up to SCREENING_MAX_ATTEMPTS times; when the models
 * cannot load, the photos wait and nothing is counted against them. `screen` replaces the
 * classifier (tests stub scores no shipped image can produce).
 * @throws database errors (the periodic job logs them and runs again at its next tick).
 */
export async function screenDuePhotos(ctx: AppContext, screen?: ScreenPhoto): Promise<ScreeningRun> {
  const run: ScreeningRun = { screened: 0, unscored: 0, retried: 0 };
  const scorer = screen ?? ((bytes) => screenPhoto(bytes, sharedPhotoClassifier(), ctx.imageDecodes));
  while (!ctx.lifecycle.draining.aborted) {
    const claimed = await claimDue(ctx, BATCH);
    if (claimed.length === 0) return run;
    for (const [index, row] of claimed.entries()) {
      // A graceful stop (docs/architecture.md §3): the photos not started yet go back to the others now.
      if (ctx.lifecycle.draining.aborted) {
        for (const rest of claimed.slice(index)) await release(ctx, rest, ctx.clock.now());
        return run;
      }
      const outcome = await screenOne(ctx, row, scorer);
      if (outcome === 'unavailable') {
        const retryAt = new Date(ctx.clock.now().getTime() + SCREENING_RETRY_DELAY_MS);
        for (const rest of claimed.slice(index + 1)) await release(ctx, rest, retryAt);
        return run;
      }
      if (outcome === 'retry') run.retried++;
      else run[outcome]++;
    }
  }
  return run;
}

/** The `photo-screening` job (src/server/lifecycle/all-jobs.ts). */
export const photoScreeningJob: PeriodicJob = {
  name: 'photo-screening',
  owns: 'photos awaiting screening (PHOTO_SCREENING on)',
  everyMs: 2_000,
  run: async (ctx) => {
    if (ctx.config.photoScreening) await screenDuePhotos(ctx);
  },
};
