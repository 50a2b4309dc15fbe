import { pageHiddenContract } from '~/shared/contracts/push';
import { ok } from '~/shared/errors';
import { markActive } from '../../members';
import { defineOperation } from '../api';

/**
 * `POST /api/page-hidden.php` `{}` (docs/product.md §7): the member's tab went to the
 * background; their last-active time is recorded (visitors: nothing to record).
 */
export const pageHiddenEndpoint = [
  defineOperation(pageHiddenContract, async (_input, req) => {
    if (!req.session) return ok({ recorded: false });
    await markActive(req.ctx, req.session.userId);
    return ok({ recorded: true });
  }),
];
