import { readSession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { memberEventStream } from '../realtime';
import { resolveSiteForPage } from '../sites';
import { readCookies } from './cookies';

/**
 * `GET /api/events.php`: the logged-in member's event stream as
 * `text/event-stream`. EventSource cannot send headers, so this route takes
 * the session cookie only (no `package-name`); it is read-only and carries
 * nothing but the member's own events. The session counts only on its own site, found by
 * host like a page's (docs/product.md §10 Sessions). `Last-Event-ID` (or `?last=`) resumes.
 */
export async function eventStreamResponse(ctx: AppContext, request: Request): Promise<Response> {
  const site = resolveSiteForPage(ctx.sites, request.headers);
  const session = await readSession(ctx, readCookies(request)[SESSION_COOKIE], site.package_name);
  if (!session)
    return new Response('Not logged in', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    });
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('last');
  const lastEventId = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return new Response(memberEventStream(ctx, session, lastEventId, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'x-content-type-options': 'nosniff',
      // No `Connection` header: HTTP/1.1 keeps the connection by default, HTTP/2 forbids the
      // header, and a draining server must be free to answer `Connection: close` (scripts/graceful.mjs).
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}
