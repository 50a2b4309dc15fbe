import type { PublicProfile } from '~/shared/contracts/profile';
import { idParam } from '~/shared/contracts/define';
import type { AppContext } from '../context';
import { openProfile } from '../members/open-profile';

/**
 * The member of a profile URL (`/members/:memberId`, `/likes/m/:memberId`):
 * only plain positive decimal ids; opening it marks that member's like of the
 * viewer as seen (docs/product.md §4). Null means the page answers 404.
 */
export async function openMemberPage(
  ctx: AppContext,
  memberId: string | undefined,
  viewerId: number | null,
): Promise<PublicProfile | null> {
  if (!/^\d{1,10}$/.test(memberId ?? '')) return null;
  const id = idParam.safeParse(memberId);
  return id.success ? openProfile(ctx, id.data, viewerId) : null;
}
