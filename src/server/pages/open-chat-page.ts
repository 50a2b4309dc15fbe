import type { PublicProfile } from '~/shared/contracts/profile';
import { conversationFor } from '../chat/conversations';
import type { AppContext } from '../context';
import { getPublicProfile } from '../members/profile-view';

/**
 * The conversation of a `/chats/:chatId` URL for a member, with the other
 * member's public profile. Null (the page answers 404) for bad ids, other
 * pairs' conversations and members who are gone.
 */
export async function openChatPage(
  ctx: AppContext,
  chatId: string | undefined,
  userId: number,
): Promise<{ id: number; profile: PublicProfile } | null> {
  if (!/^\d{1,9}$/.test(chatId ?? '')) return null;
  const view = await conversationFor(ctx, userId, Number(chatId));
  const profile = view ? await getPublicProfile(ctx, view.otherId) : null;
  return view && profile ? { id: view.id, profile } : null;
}
