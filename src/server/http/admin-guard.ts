import type { AdminSection } from '~/shared/contracts/admin/roles';
import { getAppContext } from '../app';
import { adminPageAccess, type AdminPageAccess } from './admin-page';
import { clientAddressOf } from './client-address';

/** The part of Astro's page context the guard reads. */
interface PageRequest {
  request: Request;
  clientAddress: string;
  url: URL;
  redirect(path: string, status?: 302 | 303): Response;
}

/**
 * The start of every console page (docs/product.md §13 Access): a plain 404 outside
 * ADMIN_ALLOWED_IPS, the log-in page (coming back here after it) without a fully logged-in
 * operator, else the access for AdminLayout (which answers 403 for a section the role may not open).
 */
export async function guardAdminPage(
  page: PageRequest,
  section: AdminSection | null,
): Promise<Response | Exclude<AdminPageAccess, { kind: 'hidden' } | { kind: 'login' }>> {
  const ctx = await getAppContext();
  const access = await adminPageAccess(ctx, page.request, clientAddressOf(page, ctx.config.trustedProxies), section);
  if (access.kind === 'hidden') return new Response('Not found', { status: 404 });
  if (access.kind === 'login') {
    return page.redirect(`/admin/login?next=${encodeURIComponent(page.url.pathname + page.url.search)}`);
  }
  return access;
}
