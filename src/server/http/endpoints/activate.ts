import { activationContract } from '~/shared/contracts/activation';
import { ok } from '~/shared/errors';
import { ensureActivationMail } from '../../signup/activation';
import { defineOperation } from '../api';
import { publicOrigin } from '../public-origin';

/** `GET /api/activate.php`: sends the activation mail once and reports `delivered`. */
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
];
