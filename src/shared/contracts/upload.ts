import { z } from 'zod';
import { defineContract, noParams } from './define';
import { profileImageSchema } from './profile';
import * as routes from './routes';
import { DROP_ACCEPTED_TYPES } from './values';

export { DROP_ACCEPTED_TYPES };

/** Largest accepted upload (bytes) and picture size (pixels), checked before decoding (docs/product.md §2 step 2). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;

/**
 * `POST /api/profileimage.php`, multipart with one file in field `file` (docs/product.md §7);
 * `rate_limited` (Retry-After) past the member's daily upload bytes or while the server's
 * decode queue is full (docs/product.md §10 Photos).
 */
export const profileImageContract = defineContract({
  ...routes.profileImage,
  auth: 'member',
  query: noParams,
  // The multipart body is read by the handler itself.
  body: z.any(),
  response: z.object({ image: profileImageSchema, main_image_id: z.number().int() }),
  errors: [
    'not_logged_in',
    'payload_too_large',
    'unsupported_media_type',
    'validation_failed',
    'photo_limit_reached',
    'rate_limited',
  ],
});
