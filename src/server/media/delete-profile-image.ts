import { and, eq, type SQL } from 'drizzle-orm';
import type { PhotoList } from '~/shared/contracts/photos';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { images, profiles } from '../db/schema';
import { refreshProfileNudity } from './profile-nudity';
import { listOwnPhotos, lockPhotoOwner, selectOwnPhotos } from './own-photos';

/**
 * docs/product.md §10 Photos: deletes one of the member's own photos. The row goes first (in a
 * transaction with the renumbered positions and, when it was the main photo, the next photo in
 * gallery order as the new main, or none, and the member's `has_nudity` recomputed: docs/product.md
 * §13 Screening); the stored original and thumbnail are removed after
 * the commit, so a failure there leaves an orphan file, never a photo without its file.
 * @returns the photos left; `not_found` for an id that is not the member's.
 */
export async function deleteProfileImage(
  ctx: AppContext,
  userId: number,
  imageId: number,
): Promise<Result<PhotoList, 'not_found'>> {
  const removed = await ctx.db.transaction((tx) => removePhotoRow(tx, userId, imageId));
  if (!removed) return fail('not_found');
  await removePhotoFiles(ctx, removed);
  return ok(await listOwnPhotos(ctx.db, userId));
}

/** The stored files of a removed photo row, and whether it carried the nudity flag. */
export interface RemovedPhoto {
  filename: string;
  thumb: string;
  nudity: boolean;
}

/**
 * The database part of removing photo `imageId` of member `userId`, in the caller's transaction
 * (docs/product.md §10 Photos; an operator's rejection, §13 Photo review, uses it too): locks the
 * member's photos, deletes the row (only when it also meets `onlyIf`), renumbers the positions,
 * moves the main photo to the next in gallery order (or none) and recomputes `has_nudity`.
 * @returns the removed row's files, to delete with `removePhotoFiles` after the commit; null when
 * no row matched.
 */
export async function removePhotoRow(
  tx: Db,
  userId: number,
  imageId: number,
  onlyIf?: SQL,
): Promise<RemovedPhoto | null> {
  const mainImageId = await lockPhotoOwner(tx, userId);
  const [row] = await tx
    .delete(images)
    .where(and(eq(images.id, imageId), eq(images.profileId, userId), onlyIf))
    .returning({ filename: images.filename, thumb: images.thumbFilename, nudity: images.nudity });
  if (!row) return null;
  if (row.nudity) await refreshProfileNudity(tx, userId);
  const rest = await selectOwnPhotos(tx, userId);
  for (const [index, photo] of rest.entries()) {
    if (photo.position !== index) await tx.update(images).set({ position: index }).where(eq(images.id, photo.id));
  }
  if (mainImageId === imageId || !rest.some((photo) => photo.id === mainImageId)) {
    await tx
      .update(profiles)
      .set({ mainImageId: rest[0]?.id ?? null })
      .where(eq(profiles.id, userId));
  }
  return row;
}

/**
 * Removes a removed photo's original and thumbnail from storage; a failure is logged (an orphan file).
 * Demo members' avatar files (`demo/…`) stay: several demo members share each of them.
 */
export async function removePhotoFiles(ctx: AppContext, removed: RemovedPhoto): Promise<void> {
  for (const key of [removed.filename, removed.thumb]) {
    if (key.startsWith('demo/')) continue;
    await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn('photo file not removed', { key, error }));
  }
}
