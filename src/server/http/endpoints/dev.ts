import { devActionContract } from '~/shared/contracts/dev';
import { ok } from '~/shared/errors';
import { setCreditsToZero } from '../../credits';
import { defineOperation } from '../api';

/** `POST /api/dev.php`: exists only when NODE_ENV=development; 404 otherwise. */
export const devEndpoint = [
  defineOperation(
    devActionContract,
    async ({ body }, req) => {
      switch (body.action) {
        case 'zero_credits':
          await setCreditsToZero(req.ctx, req.session.userId);
          return ok({ done: true as const, credits: 0 });
      }
    },
    { available: (ctx) => ctx.config.nodeEnv === 'development' },
  ),
];
