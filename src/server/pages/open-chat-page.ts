import type { PublicProfile } from '~/shared/contracts/profile';
import { deletedMemberProfile, isDeletedMember } from '../account/deleted-member';
import { conversationFor } from '../chat/conversations';
import type { AppContext } from '../context';
import { getPublicProfile } from '../members/profile-view';

/** An open conversation: its id, the other member, and whether they deleted their account. */
export interface OpenChat {
  id: number;
  profile: PublicProfile;
  /** docs/product.md §10: the other member is gone; `profile` is empty and nobody can reply. */
  memberDeleted: boolean;
}

/**
 * The conversation of a `/chats/:chatId` URL for a member, with the other
 * member's public profile. Null (the page answers 404) for bad ids, other
 * pairs' conversations and members whose profile is hidden. A member who
 * deleted their account stays, as "Deleted member" (docs/product.md §10).
 */
export async function openChatPage(
  ctx: AppContext,
  chatId: string | undefined,
  userId: number,
): Promise<OpenChat | null> {
  if (!/^\d{1,9}$/.test(chatId ?? '')) return null;
  const view = await conversationFor(ctx, userId, Number(chatId));
  if (!view) return null;
  if (await isDeletedMember(ctx, view.otherId)) {
    return { id: view.id, profile: deletedMemberProfile(view.otherId), memberDeleted: true };
  }
  const profile = await getPublicProfile(ctx, view.otherId);
  return profile ? { id: view.id, profile, memberDeleted: false } : null;
}
