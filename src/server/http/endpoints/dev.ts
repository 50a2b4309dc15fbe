import { devActionContract } from '../../../shared/contracts/dev';
import { fail, ok } from '../../../shared/errors';
import { setCreditsToZero } from '../../credits/set-credits-to-zero';
import { defineOperation } from '../api';

/** `POST /api/dev.php`: exists only when NODE_ENV=development; 404 otherwise. */
export const devEndpoint = [
  defineOperation(devActionContract, async ({ body }, req) => {
    if (req.ctx.config.nodeEnv !== 'development') return fail('not_found');
    if (!req.session) return fail('not_logged_in');
    switch (body.action) {
      case 'zero_credits':
        await setCreditsToZero(req.ctx, req.session.userId);
        return ok({ done: true as const, credits: 0 });
    }
  }),
];
