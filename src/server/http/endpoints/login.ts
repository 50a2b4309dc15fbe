import { loginContract } from '~/shared/contracts/auth';
import { ok } from '~/shared/errors';
import { logIn } from '../../auth/log-in';
import { hitRateLimit, rateLimited } from '../../auth/rate-limit';
import { defineOperation } from '../api';
import { startSessionFor } from '../start-session';

/** `POST /api/login.php`: checks credentials, rotates the session (old token dropped, new cookie). */
export const loginEndpoint = [
  defineOperation(loginContract, async ({ body }, req) => {
    const byAddress = await hitRateLimit(req.ctx, 'login', `ip:${req.clientAddress}`);
    const byAccount = await hitRateLimit(req.ctx, 'login', `email:${req.site.package_name}:${body.email}`);
    if (!byAddress.allowed || !byAccount.allowed) {
      return rateLimited(Math.max(byAddress.retryAfterS, byAccount.retryAfterS));
    }
    const result = await logIn(req.ctx, { site: req.site.package_name, email: body.email, password: body.password });
    if (!result.ok) return result;
    return ok({ user: await startSessionFor(req, result.value.userId) });
  }),
];
