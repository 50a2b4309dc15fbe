import type { User } from '~/shared/contracts/profile';
import { createSession, destroySession } from '../platform/accounts/sessions';
import { countryOfIp } from '../geo';
import { getUserView } from '../members';
import type { ApiRequest } from './api';
import { sessionCookie } from './cookies';

/**
 * Starts a fresh session for `userId` on this request: any session the request
 * came with is ended (rotation on login/signup), the new cookie is set. The session
 * remembers the browser and the country of the address (docs/product.md §10 sessions).
 * @returns the member's User view.
 * @throws Error when the account vanished in between (a 500: not user input).
 */
export async function startSessionFor(req: ApiRequest, userId: number): Promise<User> {
  await destroySession(req.ctx, req.sessionToken);
  const { token, session } = await createSession(req.ctx, userId, {
    userAgent: req.request.headers.get('user-agent'),
    country: countryOfIp(req.clientAddress),
  });
  req.setCookies.push(sessionCookie(req.secureCookies, token, session.expiresAt));
  const user = await getUserView(req.ctx, userId);
  if (!user) throw new Error(`account ${userId} vanished while starting its session`);
  return user;
}
