import { downloadDataExport } from '../account';
import { readSession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { resolveSiteForPage } from '../sites';
import { readCookies } from './cookies';

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * `GET /account/export/download?token=…` (docs/product.md §10 Data export): the member's ZIP
 * as an attachment, for the member the link was made for and logged in on this request only.
 * A visitor gets 403 and someone else's link 404 (the link stays usable for its owner); a used
 * or expired link sends the owner back to /profile, where the section offers a new one.
 */
export async function exportDownloadResponse(ctx: AppContext, request: Request): Promise<Response> {
  const site = resolveSiteForPage(ctx.sites, request.headers);
  const session = await readSession(ctx, readCookies(request)[SESSION_COOKIE], site.package_name);
  if (!session) return plain(403, 'Forbidden');
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await downloadDataExport(ctx, session.userId, token);
  if (!result.ok) {
    if (result.code === 'not_found') return plain(404, 'Not found');
    return new Response(null, {
      status: 303,
      headers: { location: '/profile?export=link_used#data-export', 'cache-control': 'no-store' },
    });
  }
  return new Response(new Uint8Array(result.value.data), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${result.value.filename}"`,
      'content-length': String(result.value.data.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
