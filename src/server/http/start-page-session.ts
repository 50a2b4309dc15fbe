import { createSession, destroySession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { countryOfIp } from '../geo';
import { clientAddressOf, type AddressedRoute } from './client-address';
import { readCookies, sessionCookie } from './cookies';

/** The slice of Astro's APIContext a page-level login needs (structural: no astro import here). */
export interface PageRouteContext extends AddressedRoute {
  url: URL;
  /** What the middleware resolved: whether this answer's cookies carry `Secure` (secureCookies()). */
  locals: { secureCookies: boolean };
}

/**
 * The page-route twin of `startSessionFor`: logs `userId` in on this request (a link from a
 * mail), ending the session the browser came with and remembering browser and country
 * (docs/product.md §10 sessions).
 * @param secure secureCookies() of the request.
 * @returns the Set-Cookie value of the new session.
 */
export async function startPageSession(
  ctx: AppContext,
  route: PageRouteContext,
  userId: number,
  secure: boolean,
): Promise<string> {
  await destroySession(ctx, readCookies(route.request)[SESSION_COOKIE]);
  const { token, session } = await createSession(ctx, userId, {
    userAgent: route.request.headers.get('user-agent'),
    country: countryOfIp(clientAddressOf(route, ctx.config.trustedProxies)),
  });
  return sessionCookie(secure, token, session.expiresAt);
}
