import { canOpen, type AdminSection } from '~/shared/contracts/admin/roles';
import type { AppContext } from '../context';
import { OPERATOR_COOKIE, readOperatorSession, type OperatorSession } from '../operators';
import { isAdminAddressAllowed } from './admin-api';
import { readCookies } from './cookies';

/** What a console page may show for a request (docs/product.md §13 Access). */
export type AdminPageAccess =
  | { kind: 'ok'; session: OperatorSession }
  /** No fully logged-in operator: go to `/admin/login`. */
  | { kind: 'login' }
  /** Logged in, but the role may not open this section: a 403 page. */
  | { kind: 'forbidden'; session: OperatorSession }
  /** The client address is outside ADMIN_ALLOWED_IPS: a plain 404. */
  | { kind: 'hidden' };

/**
 * Checks a console page request: the address (ADMIN_ALLOWED_IPS), then the operator session of
 * the `/admin` cookie (active stage only), then the role against `section` (null: any role).
 */
export async function adminPageAccess(
  ctx: AppContext,
  request: Request,
  clientAddress: string,
  section: AdminSection | null,
): Promise<AdminPageAccess> {
  if (!isAdminAddressAllowed(ctx, clientAddress)) return { kind: 'hidden' };
  const session = await readOperatorSession(ctx, readCookies(request)[OPERATOR_COOKIE]);
  if (!session || session.stage !== 'active') return { kind: 'login' };
  if (section && !canOpen(session.operator.role, section)) return { kind: 'forbidden', session };
  return { kind: 'ok', session };
}
