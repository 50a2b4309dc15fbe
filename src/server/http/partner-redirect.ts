import { resellRedirectQuerySchema, xcamsRedirectQuerySchema } from '~/shared/contracts/xcams';
import { readSession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { resolveSiteForPage } from '../sites';
import { camRoomUrl, resellUrl } from '../xcams';
import { readCookies } from './cookies';

/**
 * `GET /api/xcams/redirect.php?account=` and `GET /api/resellpartner.php?flow=profile-search&redirect=1`
 * (docs/product.md §7): browser navigations (opened in a new window, so no `package-name`
 * header) that send an eligible member on to the partner with a 302.
 * A bad query answers 400; an unknown account or an ineligible visitor goes
 * back to /members (the target is never taken from the request).
 */
export async function partnerRedirect(ctx: AppContext, request: Request, kind: 'cam' | 'resell'): Promise<Response> {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const site = resolveSiteForPage(ctx.sites, request.headers);
  const session = await readSession(ctx, readCookies(request)[SESSION_COOKIE], site.package_name);
  const userId = session?.userId ?? null;
  let target: string | null;
  if (kind === 'cam') {
    const parsed = xcamsRedirectQuerySchema.safeParse(query);
    if (!parsed.success) return badRequest();
    target = await camRoomUrl(ctx, site, userId, parsed.data.account);
  } else {
    const parsed = resellRedirectQuerySchema.safeParse(query);
    if (!parsed.success) return badRequest();
    target = await resellUrl(ctx, site, userId, parsed.data.flow);
  }
  ctx.log.info('partner redirect', { kind, site: site.package_name, userId, sent: target !== null });
  return new Response(null, {
    status: 302,
    headers: { location: target ?? '/members', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

function badRequest(): Response {
  return new Response('Bad request', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
