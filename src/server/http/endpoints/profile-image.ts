import { arrangePhotosContract, deletePhotoContract, photosContract } from '~/shared/contracts/photos';
import { MAX_UPLOAD_BYTES, profileImageContract } from '~/shared/contracts/upload';
import { ok } from '~/shared/errors';
import { addProfileImage } from '../../media';
import { arrangeProfileImages } from '../../media';
import { deleteProfileImage } from '../../media';
import { listOwnPhotos } from '../../media';
import { defineOperation } from '../api';
import { readSingleFile } from '../multipart';

/**
 * `POST /api/profileimage.php` (docs/product.md §7): one image in the multipart field `file`;
 * `GET` (list), `DELETE` (one photo) and `PUT` (order, main photo) of the member's own photos
 * (docs/product.md §10 Photos).
 */
export const profileImageEndpoint = [
  defineOperation(profileImageContract, async (_input, req) => {
    const file = await readSingleFile(req.request, 'file', MAX_UPLOAD_BYTES);
    if (!file.ok) return file;
    const added = await addProfileImage(req.ctx, req.session.userId, file.value);
    if (!added.ok) return added;
    return ok({ image: added.value.image, main_image_id: added.value.mainImageId });
  }),
  defineOperation(photosContract, async (_input, req) => ok(await listOwnPhotos(req.ctx.db, req.session.userId))),
  defineOperation(deletePhotoContract, ({ body }, req) => deleteProfileImage(req.ctx, req.session.userId, body.image)),
  defineOperation(arrangePhotosContract, ({ body }, req) => arrangeProfileImages(req.ctx, req.session.userId, body)),
];
