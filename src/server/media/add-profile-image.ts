import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { ProfileImage } from '~/shared/contracts/profile';
import { ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { images, profiles } from '../db/schema';
import { processProfileImage } from './process-image';

/**
 * docs/product.md §2 step 2: stores an uploaded photo for the member (re-encoded original
 * and thumbnail under `u/<id>/`); the first photo becomes the main image.
 */
export async function addProfileImage(
  ctx: AppContext,
  userId: number,
  bytes: Uint8Array,
): Promise<Result<{ image: ProfileImage; mainImageId: number }, 'payload_too_large' | 'unsupported_media_type'>> {
  const processed = await processProfileImage(bytes);
  if (!processed.ok) return processed;
  const base = `u/${userId}/${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  const filename = `${base}.webp`;
  const thumbFilename = `${base}-thumb.webp`;
  await ctx.storage.put(filename, processed.value.full);
  await ctx.storage.put(thumbFilename, processed.value.thumb);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(images).where(eq(images.profileId, userId));
    const [row] = await tx
      .insert(images)
      .values({
        profileId: userId,
        filename,
        thumbFilename,
        width: processed.value.width,
        height: processed.value.height,
        position: existing?.value ?? 0,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: images.id });
    const [profile] = await tx
      .select({ mainImageId: profiles.mainImageId })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    const mainImageId = profile?.mainImageId ?? row!.id;
    if (!profile?.mainImageId) await tx.update(profiles).set({ mainImageId }).where(eq(profiles.id, userId));
    return ok({ image: { id: row!.id, filename, thumb_filename: thumbFilename }, mainImageId });
  });
}
