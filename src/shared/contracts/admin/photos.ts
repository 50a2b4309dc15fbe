import { z } from 'zod';
import { idField, MAX_ID, textField } from '../fields';
import { noParams } from '../define';
import { defineAdminContract } from './define';
import { SECTION_ROLES } from './roles';

/** Photo review (docs/product.md §13 Photo review): the queue of new photos, approve and reject. */

const isoDate = z.iso.datetime({ offset: true });

/** Why an operator rejects a photo (stored in the audit log; the photo itself is removed). */
export const PHOTO_REJECT_REASONS = [
  'nudity',
  'not_a_person',
  'underage_suspected',
  'copyright',
  'low_quality',
  'other',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/* The console names each reason in its own messages (locales/console, `photo_reasons.*`). */

/** Photos one queue page holds at most. */
export const PHOTO_QUEUE_MAX_PAGE = 60;

/** What the automated screening found, as the console shows it (null while not screened yet). */
export const photoScreeningViewSchema = z.object({
  /** False when the photo could not be scored (file missing, undecodable, failed): `reason` says why. */
  scored: z.boolean(),
  unscoredReason: z.string().nullable(),
  /** Porn + Hentai probability, 0..1 (the nudity score). */
  explicit: z.number(),
  /** "Sexy" probability, 0..1 (lingerie, swimwear: not explicit). */
  sexy: z.number(),
  /** Faces found, null when face detection did not run. */
  faces: z.number().nullable(),
  /** Youngest apparent age among the faces (years), null without one. */
  youngestAge: z.number().nullable(),
  /** A face looks younger than the screening's minimum apparent age (21). */
  looksUnderage: z.boolean(),
  model: z.string(),
});
export type PhotoScreeningView = z.infer<typeof photoScreeningViewSchema>;

/** One photo waiting for review. `filename`/`thumbFilename` are storage keys (served at `/media/<key>`). */
export const photoForReviewSchema = z.object({
  id: z.number(),
  filename: z.string(),
  thumbFilename: z.string(),
  width: z.number(),
  height: z.number(),
  uploadedAt: isoDate,
  memberId: z.number(),
  memberName: z.string(),
  /** The member's site (package name) and its name. */
  site: z.string(),
  siteName: z.string(),
  /** It is the member's main photo (the card photo in search). */
  isMain: z.boolean(),
  /** Review order, higher first (2: explicit or looks under 21; 1: no face or not scorable). */
  reviewPriority: z.number(),
  /** Flagged explicit (by the screening or an operator). */
  nudity: z.boolean(),
  screening: photoScreeningViewSchema.nullable(),
});
export type PhotoForReview = z.infer<typeof photoForReviewSchema>;

/**
 * Whether a queue cursor `"<priority>.<µs>.<id>"` names values the database can compare: the
 * priority a `smallint`, the id a row id (at most MAX_ID); 16 digits of µs reach past the year 2200.
 */
function isStorableCursor(cursor: string): boolean {
  const [priority, , id] = cursor.split('.').map(Number);
  return Math.abs(priority!) <= 32_767 && id! <= MAX_ID;
}

/**
 * `GET /admin/api/photos?after&limit&site`: pending photos, highest review priority first, then
 * oldest first; `after` is the `next` of the page before (an opaque cursor), `total` counts every
 * pending photo of the filter.
 */
export const adminPhotoQueueContract = defineAdminContract({
  name: 'adminPhotoQueue',
  method: 'GET',
  path: '/admin/api/photos',
  roles: SECTION_ROLES.photos,
  query: z.strictObject({
    after: textField()
      .regex(/^-?\d{1,5}\.\d{1,16}\.\d{1,10}$/, { error: 'validation.format' })
      .refine(isStorableCursor, { error: 'validation.format' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(PHOTO_QUEUE_MAX_PAGE).default(24),
    site: textField().trim().max(64).optional(),
  }),
  body: noParams.optional(),
  response: z.object({ photos: z.array(photoForReviewSchema), total: z.number(), next: z.string().nullable() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed'],
});

/** `POST /admin/api/photos/:id/approve`: approves one pending photo; `conflict` when it is no longer pending. */
export const adminApprovePhotoContract = defineAdminContract({
  name: 'adminApprovePhoto',
  method: 'POST',
  path: '/admin/api/photos/:id/approve',
  roles: SECTION_ROLES.photos,
  query: noParams,
  body: noParams.optional(),
  response: z.object({ id: z.number(), reviewStatus: z.literal('approved') }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict'],
});

/**
 * `POST /admin/api/photos/approve {ids}`: approves several pending photos at once; photos no
 * longer pending (reviewed by someone else meanwhile, or deleted) are left as they are and listed
 * in `skipped`.
 */
export const adminApprovePhotosContract = defineAdminContract({
  name: 'adminApprovePhotos',
  method: 'POST',
  path: '/admin/api/photos/approve',
  roles: SECTION_ROLES.photos,
  query: noParams,
  body: z.strictObject({
    ids: z.array(idField).min(1).max(PHOTO_QUEUE_MAX_PAGE),
  }),
  response: z.object({ approved: z.array(z.number()), skipped: z.array(z.number()) }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed'],
});

/**
 * `POST /admin/api/photos/:id/reject {reason, note?}`: rejects a pending photo: it leaves the
 * member's gallery (another photo becomes main) and its files are removed from storage. `note`
 * is required for `other`. `conflict` when it is no longer pending, `not_found` when it is gone.
 */
export const adminRejectPhotoContract = defineAdminContract({
  name: 'adminRejectPhoto',
  method: 'POST',
  path: '/admin/api/photos/:id/reject',
  roles: SECTION_ROLES.photos,
  query: noParams,
  body: z
    .strictObject({
      reason: z.enum(PHOTO_REJECT_REASONS),
      note: textField().trim().max(500).optional(),
    })
    .refine((body) => body.reason !== 'other' || Boolean(body.note), {
      path: ['note'],
      message: 'validation.required',
    }),
  response: z.object({ id: z.number(), reviewStatus: z.literal('rejected') }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'],
});
