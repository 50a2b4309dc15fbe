import { logoutContract } from '~/shared/contracts/auth';
import { ok } from '~/shared/errors';
import { destroySession } from '../../platform/accounts/sessions';
import { defineOperation } from '../api';
import { clearSessionCookie } from '../cookies';

/** `GET /api/logout.php` → 'done' (docs/product.md §7): removes the session server-side and clears the cookie. */
export const logoutEndpoint = [
  defineOperation(logoutContract, async (_input, req) => {
    await destroySession(req.ctx, req.sessionToken);
    req.setCookies.push(clearSessionCookie(req.secureCookies));
    return ok('done' as const);
  }),
];
