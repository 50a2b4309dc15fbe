import { likeContract, likesContract, unlikeContract } from '~/shared/contracts/likes';
import { ok } from '~/shared/errors';
import { likeProfile, listLikes, unlikeProfile } from '../../likes';
import { defineOperation } from '../api';

/** `GET|POST|DELETE /api/likes.php` (docs/product.md §7); members only (403 for visitors). */
export const likesEndpoint = [
  defineOperation(likesContract, async (_input, req) => {
    return ok(await listLikes(req.ctx, req.session.userId));
  }),
  defineOperation(likeContract, async ({ body }, req) => {
    const liked = await likeProfile(req.ctx, req.session.userId, body.profile);
    return liked.ok ? ok({ like: liked.value }) : liked;
  }),
  defineOperation(unlikeContract, async ({ body }, req) => {
    return ok({ unliked: await unlikeProfile(req.ctx, req.session.userId, body.profile) });
  }),
];
