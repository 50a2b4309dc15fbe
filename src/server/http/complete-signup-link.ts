import type { AppContext } from '../context';
import { useCompleteSignupLink } from '../signup/signup-reminder';
import { startPageSession, type PageRouteContext } from './start-page-session';

/**
 * `GET /complete-signup?token=…`, the link of the complete-signup reminder (docs/product.md §10):
 * uses the token up, logs the member in on this device and sends them to /signup, where the
 * wizard resumes at their step. A used, expired or unknown link goes to /complete-signup/error.
 */
export async function completeSignupLinkResponse(ctx: AppContext, route: PageRouteContext): Promise<Response> {
  const result = await useCompleteSignupLink(ctx, route.url.searchParams.get('token') ?? '');
  if (!result.ok) {
    const reason = result.code === 'expired_token' ? 'expired' : 'invalid';
    return new Response(null, { status: 303, headers: { location: `/complete-signup/error?reason=${reason}` } });
  }
  const cookie = await startPageSession(ctx, route, result.value.userId);
  return new Response(null, { status: 303, headers: { location: '/signup', 'set-cookie': cookie } });
}
