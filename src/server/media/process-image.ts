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
 * Turns an uploaded file into a safe profile photo: size ≤ 10 MB, real image
 * type sniffed from the bytes (the name and declared type are ignored), ≤ 40
 * megapixels read from the header before any decoding, rotated upright, all
 * metadata (EXIF, GPS, ICC comments) dropped by re-encoding to WebP, plus a 4:5 thumbnail.
 */
export async function processProfileImage(
  bytes: Uint8Array,
): Promise<Result<ProcessedImage, 'payload_too_large' | 'unsupported_media_type'>> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return fail('payload_too_large', 'upload.too_large');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) return fail('unsupported_media_type', 'upload.not_an_image');
  const input = Buffer.from(bytes);
  let metadata: Metadata;
  try {
    // Header only: no pixels are decoded here, so sharp's own pixel limit is not needed yet.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return fail('unsupported_media_type', 'upload.not_an_image');
  }
  if (!metadata.width || !metadata.height) return fail('unsupported_media_type', 'upload.not_an_image');
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) return fail('payload_too_large', 'upload.too_many_pixels');
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
