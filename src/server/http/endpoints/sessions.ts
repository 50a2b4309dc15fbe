import { endOtherSessionsContract, endSessionContract, listSessionsContract } from '~/shared/contracts/sessions';
import { ok } from '~/shared/errors';
import { endOtherSessions, endSessionByHandle } from '../../auth';
import { listSessions } from '../../platform/accounts/list-sessions';
import { defineOperation } from '../api';

/** `/api/sessions.php`: list, "log out there", "log out everywhere else" (docs/product.md §10 Sessions). */
export const sessionsEndpoint = [
  defineOperation(listSessionsContract, async (_input, req) =>
    ok({ sessions: await listSessions(req.ctx, req.session.userId, req.session.id) }),
  ),
  defineOperation(endSessionContract, async ({ body }, req) =>
    endSessionByHandle(req.ctx, req.session.userId, body.handle),
  ),
  defineOperation(endOtherSessionsContract, async (_input, req) =>
    ok({ ended: await endOtherSessions(req.ctx, req.session.userId, req.session.id) }),
  ),
];
