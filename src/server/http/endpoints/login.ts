import { loginContract } from '../../../shared/contracts/auth';
import { ok } from '../../../shared/errors';
import { logIn } from '../../auth/log-in';
import { hitRateLimit } from '../../auth/rate-limit';
import { createSession, destroySession } from '../../auth/sessions';
import { getUserView } from '../../members/profile-view';
import { defineOperation } from '../api';
import { sessionCookie } from '../cookies';
import { errorResponse } from '../responses';

/** `POST /api/login.php`: checks credentials, rotates the session (old token dropped, new cookie). */
export const loginEndpoint = [
  defineOperation(loginContract, async ({ body }, req) => {
    const byAddress = await hitRateLimit(req.ctx, 'login', `ip:${req.clientAddress}`);
    const byAccount = await hitRateLimit(req.ctx, 'login', `email:${req.site.package_name}:${body.email}`);
    if (!byAddress.allowed || !byAccount.allowed) {
      const retryAfter = Math.max(byAddress.retryAfterS, byAccount.retryAfterS);
      return errorResponse('rate_limited', undefined, undefined, { 'retry-after': String(retryAfter) });
    }
    const result = await logIn(req.ctx, { site: req.site.package_name, email: body.email, password: body.password });
    if (!result.ok) return result;
    await destroySession(req.ctx, req.sessionToken);
    const { token, session } = await createSession(req.ctx, result.value.userId);
    req.setCookies.push(sessionCookie(req.url, token, session.expiresAt));
    const user = await getUserView(req.ctx, result.value.userId);
    if (!user) throw new Error('account vanished during login');
    return ok({ user });
  }),
];
