import { z } from 'zod';
import { defineContract, idParam, noParams } from './define';
import { profileImageSchema } from './profile';
import * as routes from './routes';

/** docs/product.md §10 Photos: a member keeps at most this many photos. */
export const MAX_PHOTOS = 12;

/** One of the member's own photos: gallery position (0 = first) and whether it is the main photo. */
export const ownPhotoSchema = profileImageSchema.extend({
  position: z.number().int(),
  is_main: z.boolean(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

/** The member's photos in gallery order, the main photo's id (null without photos) and the limit. */
export const photoListSchema = z.object({
  photos: z.array(ownPhotoSchema),
  main_image_id: z.number().int().nullable(),
  max_photos: z.number().int(),
});
export type PhotoList = z.infer<typeof photoListSchema>;

/** `GET /api/profileimage.php` (docs/product.md §10 Photos): the logged-in member's own photos. */
export const photosContract = defineContract({
  ...routes.photos,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: photoListSchema,
  errors: ['not_logged_in'],
});

/**
 * `DELETE /api/profileimage.php` with `{ image }`: removes one of the member's own photos and
 * its stored files; `not_found` for an id that is not theirs.
 */
export const deletePhotoContract = defineContract({
  ...routes.deletePhoto,
  auth: 'member',
  query: noParams,
  body: z.strictObject({ image: idParam }),
  response: photoListSchema,
  errors: ['not_logged_in', 'not_found'],
});

/**
 * `PUT /api/profileimage.php` with `{ order?, main? }`: `order` lists photo ids first-to-last
 * (photos left out keep their relative order after them), `main` picks the main photo.
 * `not_found` when any id is not the member's own.
 */
export const arrangePhotosContract = defineContract({
  ...routes.arrangePhotos,
  auth: 'member',
  query: noParams,
  body: z
    .strictObject({
      order: z
        .array(idParam)
        .max(MAX_PHOTOS, { error: 'validation.max_length' })
        .refine((ids) => new Set(ids).size === ids.length, { error: 'photos.duplicate_ids' })
        .optional(),
      main: idParam.optional(),
    })
    .refine((body) => body.order !== undefined || body.main !== undefined, { error: 'validation.required' }),
  response: photoListSchema,
  errors: ['not_logged_in', 'not_found', 'validation_failed'],
});
