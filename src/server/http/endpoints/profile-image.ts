import { MAX_UPLOAD_BYTES, profileImageContract } from '~/shared/contracts/upload';
import { ok } from '~/shared/errors';
import { addProfileImage } from '../../media/add-profile-image';
import { defineOperation } from '../api';
import { readSingleFile } from '../parse';

/** `POST /api/profileimage.php` (docs/product.md §7): one image in the multipart field `file`. */
export const profileImageEndpoint = [
  defineOperation(profileImageContract, async (_input, req) => {
    const file = await readSingleFile(req.request, 'file', MAX_UPLOAD_BYTES);
    if (!file.ok) return file;
    const added = await addProfileImage(req.ctx, req.session.userId, file.value);
    if (!added.ok) return added;
    return ok({ image: added.value.image, main_image_id: added.value.mainImageId });
  }),
];
