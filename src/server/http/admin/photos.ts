import {
  adminApprovePhotoContract,
  adminApprovePhotosContract,
  adminPhotoQueueContract,
  adminRejectPhotoContract,
} from '~/shared/contracts/admin/photos';
import { ok } from '~/shared/errors';
import { approvePhoto, approvePhotos, rejectPhoto } from '../../moderation';
import { photoReviewQueue } from '../../moderation';
import { defineOperation } from '../api';

/** Photo review (docs/product.md §13 Photo review): the queue, approve (one or several), reject. */
export const adminPhotoOperations = [
  defineOperation(adminPhotoQueueContract, async ({ query }, req) => ok(await photoReviewQueue(req.ctx, query))),
  defineOperation(adminApprovePhotoContract, async ({ params }, req) => {
    const approved = await approvePhoto(req.ctx, req.session.operator, Number(params.id));
    return approved.ok ? ok({ id: approved.value.id, reviewStatus: 'approved' as const }) : approved;
  }),
  defineOperation(adminApprovePhotosContract, async ({ body }, req) =>
    ok(await approvePhotos(req.ctx, req.session.operator, body.ids)),
  ),
  defineOperation(adminRejectPhotoContract, async ({ body, params }, req) => {
    const rejected = await rejectPhoto(req.ctx, req.session.operator, Number(params.id), body);
    return rejected.ok ? ok({ id: rejected.value.id, reviewStatus: 'rejected' as const }) : rejected;
  }),
];
