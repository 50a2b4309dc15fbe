import { and, eq, inArray } from 'drizzle-orm';
import type { PhotoRejectReason } from '~/shared/contracts/admin/photos';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { removePhotoFiles, removePhotoRow } from '../media';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';

/**
 * docs/product.md §13 Photo review: an operator approves or rejects a member's new photo. Only a
 * `pending` photo can be reviewed (two operators on the same photo: the second gets `conflict`).
 * Every approval and rejection writes one audit entry (object `photo`) in its transaction.
 */

const isPending = eq(images.reviewStatus, 'pending');

/** Why nothing was reviewed: the photo is gone (`not_found`) or no longer pending (`conflict`). */
async function whyNotPending(db: Db, imageId: number): Promise<'not_found' | 'conflict'> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, imageId));
  return row ? 'conflict' : 'not_found';
}

/**
 * Approves pending photos (`ids`; one UPDATE, each approved photo audited as `photo.approve`):
 * they show to everyone from now on. Photos not pending (or gone) are left as they are.
 * @returns the approved ids and the skipped ones, in the order given. @throws database errors.
 */
export async function approvePhotos(
  ctx: AppContext,
  actor: OperatorActor,
  ids: number[],
): Promise<{ approved: number[]; skipped: number[] }> {
  const wanted = [...new Set(ids)];
  const now = ctx.clock.now();
  const approved = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(images)
      .set({ reviewStatus: 'approved', reviewedAt: now, reviewedBy: actor.id })
      .where(and(inArray(images.id, wanted), isPending))
      .returning({ id: images.id });
    for (const row of rows) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'photo.approve',
          objectType: 'photo',
          objectId: row.id,
          before: { reviewStatus: 'pending' },
          after: { reviewStatus: 'approved' },
        },
        now,
      );
    }
    return new Set(rows.map((row) => row.id));
  });
  return { approved: wanted.filter((id) => approved.has(id)), skipped: wanted.filter((id) => !approved.has(id)) };
}

/**
 * Approves one pending photo (audited as `photo.approve`).
 * @returns `not_found` for an unknown photo, `conflict` when it is no longer pending.
 */
export async function approvePhoto(
  ctx: AppContext,
  actor: OperatorActor,
  imageId: number,
): Promise<Result<{ id: number }, 'not_found' | 'conflict'>> {
  const { approved } = await approvePhotos(ctx, actor, [imageId]);
  if (approved.length === 0) return fail(await whyNotPending(ctx.db, imageId));
  return ok({ id: imageId });
}

/**
 * Rejects a pending photo for `reason` (with an optional `note`): the photo leaves the member's
 * gallery at once, like the member's own deletion (positions renumbered, the next photo becomes
 * main, `has_nudity` recomputed), and its original and thumbnail are removed from storage after the
 * commit. The row is deleted rather than kept as `rejected`: the audit entry (`photo.reject`, with
 * the member, reason and note) is the record of it.
 * @returns `not_found` for an unknown photo, `conflict` when it is no longer pending.
 */
export async function rejectPhoto(
  ctx: AppContext,
  actor: OperatorActor,
  imageId: number,
  input: { reason: PhotoRejectReason; note?: string },
): Promise<Result<{ id: number }, 'not_found' | 'conflict'>> {
  const [photo] = await ctx.db.select({ profileId: images.profileId }).from(images).where(eq(images.id, imageId));
  if (!photo) return fail('not_found');
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction(async (tx) => {
    // The member's photos are locked first, as the member's own changes do, so the two never deadlock.
    const row = await removePhotoRow(tx, photo.profileId, imageId, isPending);
    if (!row) return null;
    await recordAudit(
      tx,
      actor,
      {
        action: 'photo.reject',
        objectType: 'photo',
        objectId: imageId,
        before: { reviewStatus: 'pending', memberId: photo.profileId, nudity: row.nudity },
        after: { reviewStatus: 'rejected', rejectReason: input.reason, note: input.note ?? null, removed: true },
      },
      now,
    );
    return row;
  });
  if (!removed) return fail(await whyNotPending(ctx.db, imageId));
  await removePhotoFiles(ctx, removed);
  return ok({ id: imageId });
}
