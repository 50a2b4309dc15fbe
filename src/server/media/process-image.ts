import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '~/shared/contracts/upload';
import { fail, ok, type Result } from '~/shared/errors';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const FULL_MAX = 1600;
const THUMB = { width: 480, height: 600 };

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * docs/product.md §2 step 2: checks an uploaded file without decoding it: size ≤ 10 MB, real
 * image type sniffed from the bytes (the name and declared type are ignored), ≤ 40 megapixels
 * read from the header. Cheap, so it runs before the upload waits for a decode slot.
 * @returns the bytes as a Buffer for `renderProfileImage`.
 */
export async function inspectUpload(
  bytes: Uint8Array,
): Promise<Result<Buffer, 'payload_too_large' | 'unsupported_media_type'>> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return fail('payload_too_large', 'upload.too_large');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) return fail('unsupported_media_type', 'upload.not_an_image');
  // A view on the same memory: an upload waiting for a decode slot should not hold two copies.
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let metadata: Metadata;
  try {
    // Header only: no pixels are decoded here, so sharp's own pixel limit is not needed yet.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return fail('unsupported_media_type', 'upload.not_an_image');
  }
  if (!metadata.width || !metadata.height) return fail('unsupported_media_type', 'upload.not_an_image');
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) return fail('payload_too_large', 'upload.too_many_pixels');
  return ok(input);
}

/**
 * Decodes an inspected upload into a safe profile photo: rotated upright, all metadata (EXIF,
 * GPS, ICC comments) dropped by re-encoding to WebP (≤ 1600 px), plus a 4:5 thumbnail. This is
 * the expensive part (a 40-megapixel image holds 100+ MB while it runs): callers run it
 * through the process's decode queue (decode-queue.ts).
 */
export async function renderProfileImage(input: Buffer): Promise<Result<ProcessedImage, 'unsupported_media_type'>> {
  try {
    const upright = sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS }).rotate();
    const full = await upright
      .clone()
      .resize({ width: FULL_MAX, height: FULL_MAX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await upright
      .clone()
      .resize(THUMB.width, THUMB.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer();
    return ok({ full: full.data, thumb, width: full.info.width, height: full.info.height });
  } catch {
    // A truncated or corrupt image that only fails while decoding.
    return fail('unsupported_media_type', 'upload.not_an_image');
  }
}
