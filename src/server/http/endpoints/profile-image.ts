import { MAX_UPLOAD_BYTES, profileImageContract } from '../../../shared/contracts/upload';
import { fail, ok } from '../../../shared/errors';
import { addProfileImage } from '../../media/add-profile-image';
import { defineOperation } from '../api';
import { readLimitedBytes } from '../parse';
import { errorResponse } from '../responses';

/** Multipart overhead allowed on top of the file itself (boundaries, headers). */
const MULTIPART_SLACK = 64 * 1024;

/** `POST /api/profileimage.php` (docs/product.md §7): one image in the multipart field `file`. */
export const profileImageEndpoint = [
  defineOperation(profileImageContract, async (_input, req) => {
    if (!req.session) return fail('not_logged_in');
    const type = req.request.headers.get('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) return errorResponse('unsupported_media_type', 'upload.not_multipart');
    if (Number(req.request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES + MULTIPART_SLACK) {
      return errorResponse('payload_too_large', 'upload.too_large');
    }
    const body = await readLimitedBytes(req.request, MAX_UPLOAD_BYTES + MULTIPART_SLACK);
    if (!body) return errorResponse('payload_too_large', 'upload.too_large');
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    } catch {
      return fail('validation_failed', undefined, [{ path: 'file', message: 'upload.no_file' }]);
    }
    const files = form.getAll('file').filter((entry): entry is File => typeof entry !== 'string');
    if (files.length !== 1) return fail('validation_failed', undefined, [{ path: 'file', message: 'upload.one_file' }]);
    const added = await addProfileImage(req.ctx, req.session.userId, new Uint8Array(await files[0]!.arrayBuffer()));
    if (!added.ok) return added;
    return ok({ image: added.value.image, main_image_id: added.value.mainImageId });
  }),
];
