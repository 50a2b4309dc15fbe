import { asc, eq } from 'drizzle-orm';
import { MAX_PHOTOS, type PhotoList } from '~/shared/contracts/photos';
import type { Db } from '../db/client';
import { images, profiles } from '../db/schema';

/** The database or a transaction on it (a transaction is a `Db` too). */
type Queryable = Db;

/**
 * Locks the member's profile row for the rest of the transaction, so photo changes of one
 * member (uploads in parallel, reorder, delete) run one after another and the limit holds.
 * @returns the current main image id (null without one), or undefined when there is no profile.
 */
export async function lockPhotoOwner(tx: Queryable, userId: number): Promise<number | null | undefined> {
  const [row] = await tx
    .select({ mainImageId: profiles.mainImageId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return row ? row.mainImageId : undefined;
}

/** The member's photo rows in gallery order (position, then upload order). */
export function selectOwnPhotos(tx: Queryable, userId: number) {
  return tx.select().from(images).where(eq(images.profileId, userId)).orderBy(asc(images.position), asc(images.id));
}

/**
 * docs/product.md §10 Photos: the member's own photos as the API lists them. A main id that
 * no longer matches a photo falls back to the first photo, as the public profile does.
 */
export async function listOwnPhotos(tx: Queryable, userId: number): Promise<PhotoList> {
  const [profile] = await tx
    .select({ mainImageId: profiles.mainImageId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const rows = await selectOwnPhotos(tx, userId);
  const mainId = rows.find((row) => row.id === profile?.mainImageId)?.id ?? rows[0]?.id ?? null;
  return {
    photos: rows.map((row, index) => ({
      id: row.id,
      filename: row.filename,
      thumb_filename: row.thumbFilename,
      position: index,
      is_main: row.id === mainId,
    })),
    main_image_id: mainId,
    max_photos: MAX_PHOTOS,
  };
}
