import {
  changePasswordContract,
  requestPasswordResetContract,
  resetPasswordContract,
} from '~/shared/contracts/password';
import { ok } from '~/shared/errors';
import { changePassword } from '../../auth';
import { requestPasswordReset, resetPassword } from '../../auth';
import { hitRateLimit, rateLimited } from '../../platform/rate-limit/rate-limit';
import { defineOperation } from '../api';
import { publicOrigin } from '../public-origin';
import { startSessionFor } from '../start-session';

/** `POST /api/password.php?action=change|request-reset|reset` (docs/product.md §10 Password and password reset). */
export const passwordEndpoint = [
  defineOperation(changePasswordContract, async ({ body }, req) => {
    return changePassword(req.ctx, {
      userId: req.session.userId,
      sessionId: req.session.id,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      site: req.site,
      origin: publicOrigin(req),
    });
  }),
  defineOperation(requestPasswordResetContract, async ({ body }, req) => {
    // Both limits are per requester (client address): strangers' requests for an address never
    // use up its owner's allowance (docs/product.md §10 Password and password reset).
    const byAddress = await hitRateLimit(req.ctx, 'passwordReset', `ip:${req.clientAddress}`);
    const byAccount = await hitRateLimit(
      req.ctx,
      'passwordResetAccount',
      `${req.site.package_name}:${body.email}:ip:${req.clientAddress}`,
    );
    if (!byAddress.allowed || !byAccount.allowed) {
      return rateLimited(Math.max(byAddress.retryAfterS, byAccount.retryAfterS));
    }
    requestPasswordReset(req.ctx, { site: req.site, email: body.email, origin: publicOrigin(req) });
    return ok({ sent: true as const });
  }),
  defineOperation(resetPasswordContract, async ({ body }, req) => {
    const limit = await hitRateLimit(req.ctx, 'passwordReset', `reset-ip:${req.clientAddress}`);
    if (!limit.allowed) return rateLimited(limit.retryAfterS);
    const result = await resetPassword(req.ctx, { token: body.token, newPassword: body.newPassword });
    if (!result.ok) return result;
    return ok({ user: await startSessionFor(req, result.value.userId) });
  }),
];
