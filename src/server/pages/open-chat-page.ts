import type { PublicProfile } from '~/shared/contracts/profile';
import { deletedMemberProfile, isDeletedMember } from '../platform/accounts/deleted-member';
import { blockedByViewer, isBlockedEitherWay } from '../blocks';
import { canChatWith, conversationBetween, conversationFor } from '../chat';
import type { AppContext } from '../context';
import { getPublicProfile } from '../members';

/**
 * An open chat screen: the conversation's id (null while the member has not written yet, see
 * openMemberChatPage), the other member, and whether they deleted their account.
 */
export interface OpenChat {
  id: number | null;
  profile: PublicProfile;
  /** docs/product.md §10: the other member is gone; `profile` is empty and nobody can reply. */
  memberDeleted: boolean;
}

/**
 * The conversation of a `/chats/:chatId` URL for a member, with the other
 * member's public profile. Null (the page answers 404) for bad ids, other
 * pairs' conversations, members whose profile is hidden and a blocked pair (either way,
 * docs/product.md §6: neither sees the other's profile). A member who
 * deleted their account stays, as "Deleted member" (docs/product.md §10).
 */
export async function openChatPage(
  ctx: AppContext,
  chatId: string | undefined,
  userId: number,
): Promise<OpenChat | null> {
  if (!/^\d{1,9}$/.test(chatId ?? '')) return null;
  const view = await conversationFor(ctx, userId, Number(chatId));
  if (!view || (await isBlockedEitherWay(ctx, userId, view.otherId))) return null;
  if (await isDeletedMember(ctx, view.otherId)) {
    return { id: view.id, profile: deletedMemberProfile(view.otherId), memberDeleted: true };
  }
  const profile = await getPublicProfile(ctx, view.otherId);
  return profile ? { id: view.id, profile, memberDeleted: false } : null;
}

/**
 * What `/members/:memberId/chat` shows: the pair's conversation, a new chat screen, or the failure
 * with the page to return to, which shows the "Cannot start chat" modal (docs/product.md §8).
 */
export type MemberChatPage =
  { kind: 'existing'; id: number } | { kind: 'new'; open: OpenChat & { id: null } } | { kind: 'failed'; back: string };

/** Query parameter that makes the page opened after a failed `/members/:memberId/chat` show the modal. */
export const CHAT_FAILED_PARAM = 'chat=failed';

/**
 * `/members/:memberId/chat` for a logged-in member (docs/product.md §2). It only reads, so a
 * link from another site cannot put a conversation into anyone's list: the pair's conversation
 * when there is one (`existing`, even one the member deleted from their list), else the chat
 * screen for that member with no conversation yet (`new`; the first message creates it).
 * `failed` when the member may not chat with them: `back` is the profile the viewer may still
 * open (their own, or the page of a member they blocked, which offers Unblock), else the search
 * (an unknown or hidden member, or one who blocked the viewer: a 404 profile tells nothing and
 * helps nobody). Null (404) for an id that is not a plain decimal number.
 */
export async function openMemberChatPage(
  ctx: AppContext,
  memberId: string | undefined,
  userId: number,
): Promise<MemberChatPage | null> {
  if (!/^\d{1,9}$/.test(memberId ?? '')) return null;
  const otherId = Number(memberId);
  const allowed = await canChatWith(ctx, userId, otherId);
  const profile = allowed.ok ? await getPublicProfile(ctx, otherId) : null;
  if (!profile) {
    const toProfile = otherId === userId || (await blockedByViewer(ctx, userId, otherId)) !== null;
    return { kind: 'failed', back: `${toProfile ? `/members/${otherId}` : '/members'}?${CHAT_FAILED_PARAM}` };
  }
  const id = await conversationBetween(ctx, userId, otherId);
  if (id !== null) return { kind: 'existing', id };
  return { kind: 'new', open: { id: null, profile, memberDeleted: false } };
}
