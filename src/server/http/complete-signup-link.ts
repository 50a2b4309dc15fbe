import type { AppContext } from '../context';
import { accountRestriction } from '../platform/accounts/member-restriction';
import { useCompleteSignupLink } from '../signup';
import { startPageSession, type PageRouteContext } from './start-page-session';

/**
 * `GET /complete-signup?token=…`, the link of the complete-signup reminder (docs/product.md §10):
 * uses the token up, logs the member in on this device and sends them to /signup, where the
 * wizard resumes at their step. A used, expired or unknown link goes to /complete-signup/error.
 * A banned member goes to /pages/ban and a suspended one to /login, without a session
 * (docs/product.md §13 Member actions).
 */
export async function completeSignupLinkResponse(ctx: AppContext, route: PageRouteContext): Promise<Response> {
  const result = await useCompleteSignupLink(ctx, route.url.searchParams.get('token') ?? '');
  if (!result.ok) {
    const reason = result.code === 'expired_token' ? 'expired' : 'invalid';
    return new Response(null, { status: 303, headers: { location: `/complete-signup/error?reason=${reason}` } });
  }
  const restriction = await accountRestriction(ctx, result.value.userId);
  if (restriction) {
    const location = restriction === 'account_banned' ? '/pages/ban' : '/login';
    return new Response(null, { status: 303, headers: { location } });
  }
  const cookie = await startPageSession(ctx, route, result.value.userId, route.locals.secureCookies);
  return new Response(null, { status: 303, headers: { location: '/signup', 'set-cookie': cookie } });
}
