import { activationContract, resendActivationContract } from '~/shared/contracts/activation';
import { ok } from '~/shared/errors';
import { ensureActivationMail, resendActivationMail } from '../../signup';
import { defineOperation } from '../api';
import { publicOrigin } from '../public-origin';

/**
 * `GET /api/activate.php`: sends the activation mail once and reports `delivered`;
 * `POST /api/activate.php?resend=1`: sends a new one now (rate-limited).
 */
export const activateEndpoint = [
  defineOperation(activationContract, async (_input, req) => {
    return ok(
      await ensureActivationMail(req.ctx, {
        userId: req.session.userId,
        siteName: req.site.name,
        origin: publicOrigin(req),
        from: `${req.site.name} <${req.ctx.config.mailFrom}>`,
      }),
    );
  }),
  defineOperation(resendActivationContract, async (_input, req) =>
    resendActivationMail(req.ctx, {
      userId: req.session.userId,
      siteName: req.site.name,
      origin: publicOrigin(req),
      from: `${req.site.name} <${req.ctx.config.mailFrom}>`,
    }),
  ),
];
