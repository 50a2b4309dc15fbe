import type { PublicProfile } from '~/shared/contracts/profile';
import { isBlockedEitherWay } from '../blocks';
import type { AppContext } from '../context';
import { markLikeSeen } from '../likes';
import { getPublicProfile } from '../members';

/**
 * A member's profile as opened by a viewer (page or API): the public profile,
 * and — docs/product.md §4 — the profile's like of the viewer is no longer new.
 * @returns null for unknown, hidden or deleted members, and — docs/product.md §6 —
 * when either of the two blocked the other (a blocked pair's profiles are 404 both ways).
 */
export async function openProfile(
  ctx: AppContext,
  profileId: number,
  viewerId: number | null,
): Promise<PublicProfile | null> {
  const profile = await getPublicProfile(ctx, profileId);
  if (!profile || viewerId === null) return profile;
  if (await isBlockedEitherWay(ctx, viewerId, profile.id)) return null;
  await markLikeSeen(ctx, viewerId, profile.id);
  return profile;
}
