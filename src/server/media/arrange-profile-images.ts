import { eq } from 'drizzle-orm';
import type { PhotoList } from '~/shared/contracts/photos';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { images, profiles } from '../db/schema';
import { listOwnPhotos, lockPhotoOwner, selectOwnPhotos } from './own-photos';

/**
 * docs/product.md §10 Photos: sets the gallery order and/or the main photo. `order` lists photo
 * ids first-to-last; photos it leaves out (e.g. one uploaded meanwhile in another tab) follow in
 * their current order. Every id must be one of the member's own photos, else `not_found` and
 * nothing changes.
 * @returns the photos in their new order.
 */
export async function arrangeProfileImages(
  ctx: AppContext,
  userId: number,
  input: { order?: number[]; main?: number },
): Promise<Result<PhotoList, 'not_found'>> {
  const arranged = await ctx.db.transaction(async (tx) => {
    await lockPhotoOwner(tx, userId);
    const rows = await selectOwnPhotos(tx, userId);
    const owned = new Set(rows.map((row) => row.id));
    const asked = [...(input.order ?? []), ...(input.main === undefined ? [] : [input.main])];
    if (asked.some((id) => !owned.has(id))) return false;
    if (input.order) {
      const listed = new Set(input.order);
      const ids = [...input.order, ...rows.map((row) => row.id).filter((id) => !listed.has(id))];
      const current = new Map(rows.map((row) => [row.id, row.position]));
      for (const [index, id] of ids.entries()) {
        if (current.get(id) !== index) await tx.update(images).set({ position: index }).where(eq(images.id, id));
      }
    }
    if (input.main !== undefined) {
      await tx.update(profiles).set({ mainImageId: input.main }).where(eq(profiles.id, userId));
    }
    return true;
  });
  if (!arranged) return fail('not_found');
  return ok(await listOwnPhotos(ctx.db, userId));
}
