import {
  acceptDeleteOfferContract,
  deleteAccountContract,
  deleteOfferStateContract,
  showDeleteOfferContract,
} from '~/shared/contracts/account-deletion';
import { ok } from '~/shared/errors';
import { deleteAccount } from '../../account';
import { acceptDeleteOffer, deleteOfferState, showDeleteOffer } from '../../account';
import { hitRateLimit, rateLimited } from '../../platform/rate-limit/rate-limit';
import { defineOperation } from '../api';
import { clearSessionCookie } from '../cookies';

/** `/api/account.php`: deleting the member's own account and its one-time stay offer (docs/product.md §10). */
export const accountEndpoint = [
  defineOperation(deleteOfferStateContract, async (_input, req) =>
    ok(await deleteOfferState(req.ctx, req.site, req.session.userId)),
  ),
  defineOperation(showDeleteOfferContract, async (_input, req) =>
    ok({ percent: await showDeleteOffer(req.ctx, req.site, req.session.userId) }),
  ),
  defineOperation(acceptDeleteOfferContract, async (_input, req) =>
    acceptDeleteOffer(req.ctx, req.site, req.session.userId),
  ),
  defineOperation(deleteAccountContract, async ({ body }, req) => {
    // Password guesses count against the same limit as logins.
    const limit = await hitRateLimit(req.ctx, 'login', `delete:${req.session.userId}`);
    if (!limit.allowed) return rateLimited(limit.retryAfterS);
    const result = await deleteAccount(req.ctx, {
      userId: req.session.userId,
      password: body.password,
      reason: body.reason ?? null,
    });
    if (!result.ok) return result;
    req.setCookies.push(clearSessionCookie(req.secureCookies));
    return ok({ deleted: true as const });
  }),
];
