import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { MAX_PHOTOS } from '~/shared/contracts/photos';
import type { ProfileImage } from '~/shared/contracts/profile';
import { fail, ok, type Result } from '~/shared/errors';
import { hitRateLimit, rateLimited, takeQuota } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { images, profiles } from '../db/schema';
import { lockPhotoOwner } from './own-photos';
import { inspectUpload, renderProfileImage } from './process-image';

type AddError = 'payload_too_large' | 'unsupported_media_type' | 'photo_limit_reached' | 'rate_limited';

/** Seconds a member is asked to wait when the decode queue is full (a few decodes' time). */
const BUSY_RETRY_S = 10;

async function photoCount(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ value: count() }).from(images).where(eq(images.profileId, userId));
  return row?.value ?? 0;
}

/**
 * docs/product.md §2 step 2 and §10 Photos: stores an uploaded photo for the member
 * (re-encoded original and thumbnail under `u/<id>/`) at the end of the gallery; the first
 * photo becomes the main image. A member has at most MAX_PHOTOS photos: a full gallery gets
 * `photo_limit_reached` (checked before decoding, and again under the profile lock so parallel
 * uploads cannot pass it; the files of a refused upload are removed).
 * Abuse limits, checked before decoding: the member's daily upload bytes
 * (`config.photos.uploadBytesPerDay` per UTC day; each upload counts its size, or what is stored
 * when that is larger) → `rate_limited` with `upload.daily_limit` and the seconds until the next
 * UTC day; a full decode queue → `rate_limited` with `upload.busy`. Decoding itself waits for a
 * slot of `ctx.imageDecodes`.
 */
export async function addProfileImage(
  ctx: AppContext,
  userId: number,
  bytes: Uint8Array,
): Promise<Result<{ image: ProfileImage; mainImageId: number }, AddError>> {
  if ((await photoCount(ctx, userId)) >= MAX_PHOTOS) return fail('photo_limit_reached');
  const input = await inspectUpload(bytes);
  if (!input.ok) return input;
  if (ctx.imageDecodes.isFull()) return { ...rateLimited(BUSY_RETRY_S), message: 'upload.busy' };
  const quotaKey = `user:${userId}`;
  const quota = await takeQuota(ctx, 'uploadBytes', quotaKey, bytes.byteLength);
  if (!quota.allowed) return { ...rateLimited(quota.retryAfterS), message: 'upload.daily_limit' };
  const processed = await ctx.imageDecodes.run(() => renderProfileImage(input.value));
  if (!processed.ok) return processed;
  const storedBytes = processed.value.full.byteLength + processed.value.thumb.byteLength;
  if (storedBytes > bytes.byteLength) await hitRateLimit(ctx, 'uploadBytes', quotaKey, storedBytes - bytes.byteLength);
  const base = `u/${userId}/${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  const filename = `${base}.webp`;
  const thumbFilename = `${base}-thumb.webp`;
  await ctx.storage.put(filename, processed.value.full);
  await ctx.storage.put(thumbFilename, processed.value.thumb);
  const added = await ctx.db.transaction(async (tx) => {
    const currentMain = await lockPhotoOwner(tx, userId);
    const [existing] = await tx.select({ value: count() }).from(images).where(eq(images.profileId, userId));
    const position = existing?.value ?? 0;
    if (position >= MAX_PHOTOS) return null;
    const [row] = await tx
      .insert(images)
      .values({
        profileId: userId,
        filename,
        thumbFilename,
        width: processed.value.width,
        height: processed.value.height,
        position,
        createdAt: ctx.clock.now(),
        // docs/product.md §13: every member upload waits for an operator's review and the screening job.
        reviewStatus: 'pending',
        screeningDue: true,
      })
      .returning({ id: images.id });
    const mainImageId = currentMain ?? row!.id;
    if (!currentMain) await tx.update(profiles).set({ mainImageId }).where(eq(profiles.id, userId));
    return { image: { id: row!.id, filename, thumb_filename: thumbFilename }, mainImageId };
  });
  if (added) return ok(added);
  await Promise.all([ctx.storage.delete(filename), ctx.storage.delete(thumbFilename)]);
  return fail('photo_limit_reached');
}
