import { and, eq } from 'drizzle-orm';
import type { PhotoList } from '~/shared/contracts/photos';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { images, profiles } from '../db/schema';
import { listOwnPhotos, lockPhotoOwner, selectOwnPhotos } from './own-photos';

/**
 * docs/product.md §10 Photos: deletes one of the member's own photos. The row goes first (in a
 * transaction with the renumbered positions and, when it was the main photo, the next photo in
 * gallery order as the new main, or none); the stored original and thumbnail are removed after
 * the commit, so a failure there leaves an orphan file, never a photo without its file.
 * @returns the photos left; `not_found` for an id that is not the member's.
 */
export async function deleteProfileImage(
  ctx: AppContext,
  userId: number,
  imageId: number,
): Promise<Result<PhotoList, 'not_found'>> {
  const removed = await ctx.db.transaction(async (tx) => {
    const mainImageId = await lockPhotoOwner(tx, userId);
    const [row] = await tx
      .delete(images)
      .where(and(eq(images.id, imageId), eq(images.profileId, userId)))
      .returning({ filename: images.filename, thumb: images.thumbFilename });
    if (!row) return null;
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
  });
  if (!removed) return fail('not_found');
  for (const key of [removed.filename, removed.thumb]) {
    await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn('photo file not removed', { key, error }));
  }
  return ok(await listOwnPhotos(ctx.db, userId));
}
