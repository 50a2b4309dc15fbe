import type { PublicProfile } from '~/shared/contracts/profile';
import { idParam } from '~/shared/contracts/define';
import { blockedByViewer } from '../blocks';
import type { AppContext } from '../context';
import { openProfile } from '../profiles';

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

/**
 * A member the viewer blocked, as their profile URL shows it to that blocker (docs/product.md §10
 * Blocked members): id and name only, with Unblock. Null when the viewer did not block them (the
 * page stays a 404 — also for the blocked member, who learns nothing).
 */
export async function openBlockedMemberPage(
  ctx: AppContext,
  memberId: string | undefined,
  viewerId: number | null,
): Promise<{ id: number; name: string } | null> {
  if (viewerId === null || !/^\d{1,10}$/.test(memberId ?? '')) return null;
  const id = idParam.safeParse(memberId);
  return id.success ? blockedByViewer(ctx, viewerId, id.data) : null;
}
