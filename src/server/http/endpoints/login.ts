import { loginContract } from '~/shared/contracts/auth';
import { ok } from '~/shared/errors';
import { DEVICE_COOKIE } from '../../auth';
import { logIn } from '../../auth';
import { defineOperation } from '../api';
import { deviceCookie, readCookies } from '../cookies';
import { startSessionFor } from '../start-session';

/**
 * `POST /api/login.php`: checks credentials under the log-in limits (docs/product.md §10), rotates
 * the session (old token dropped, new cookie) and marks the device as known to the account.
 */
export const loginEndpoint = [
  defineOperation(loginContract, async ({ body }, req) => {
    const result = await logIn(req.ctx, {
      site: req.site.package_name,
      email: body.email,
      password: body.password,
      clientAddress: req.clientAddress,
      deviceToken: readCookies(req.request)[DEVICE_COOKIE],
    });
    if (!result.ok) return result;
    req.setCookies.push(deviceCookie(req.secureCookies, result.value.deviceToken));
    return ok({ user: await startSessionFor(req, result.value.userId) });
  }),
];
