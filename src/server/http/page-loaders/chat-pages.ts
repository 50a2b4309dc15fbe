import type { ChatEntry } from '~/shared/contracts/chat';
import { getAppContext } from '~/server/app';
import type { AppContext } from '~/server/context';
import { chatListForPage } from '~/server/pages/chat-list-page';
import { CHAT_FAILED_PARAM, openChatPage, openMemberChatPage, type OpenChat } from '~/server/pages/open-chat-page';
import { chatWallet } from '~/server/payments';
import { requireMember, signupRedirect } from './page-access';
import type { PageLoad, PageRequest } from './page-request';
import { loadErrorPageData, type ErrorPageData } from './site-pages';

/** The props of ChatScreen (one conversation): the chat, the composer's wallet and the chat list. */
export interface ChatScreenData {
  open: OpenChat;
  wallet: Awaited<ReturnType<typeof chatWallet>>;
  initialChats: ChatEntry[] | null;
}

/** The wallet (docs/product.md §11) and the chat list of a chat screen, loaded together. */
async function chatScreenData(ctx: AppContext, page: PageRequest, open: OpenChat): Promise<ChatScreenData> {
  const user = page.locals.user!;
  const [wallet, initialChats] = await Promise.all([
    chatWallet(ctx, page.locals.site, {
      id: user.profile.id,
      country: user.profile.country,
      credits: user.credits,
      isPremium: user.is_premium,
    }),
    chatListForPage(ctx, user.profile.id),
  ]);
  return { open, wallet, initialChats };
}

/**
 * `/chats` (docs/product.md §2, login required): the member's chat list, in the HTML.
 * @returns the member's id and the list (null: the island loads it), or the log-in redirect.
 */
export async function loadChatsPage(
  page: PageRequest,
): Promise<PageLoad<{ myId: number; initialChats: ChatEntry[] | null }>> {
  const user = requireMember(page);
  if (user instanceof Response) return user;
  return { myId: user.profile.id, initialChats: await chatListForPage(await getAppContext(), user.profile.id) };
}

/**
 * `/chats/:chatId` (docs/product.md §2, login required): one conversation of the member.
 * @returns the chat screen's data; null `chat` with the 404 page's data for a conversation that is
 *   not the member's; or the log-in redirect.
 */
export async function loadChatPage(
  page: PageRequest,
): Promise<PageLoad<{ chat: ChatScreenData } | ({ chat: null } & ErrorPageData)>> {
  const user = requireMember(page);
  if (user instanceof Response) return user;
  const ctx = await getAppContext();
  const open = await openChatPage(ctx, page.params.chatId, user.profile.id);
  if (!open) return { chat: null, ...(await loadErrorPageData(page.locals)) };
  return { chat: await chatScreenData(ctx, page, open) };
}

/**
 * `/members/:memberId/chat` (docs/product.md §2): the pair's conversation (a redirect to it), else
 * the chat screen for the member; visitors sign up first; a member who may not chat returns to
 * the profile or the search (docs/product.md §8 "Cannot start chat").
 */
export async function loadMemberChatPage(page: PageRequest): Promise<PageLoad<ChatScreenData>> {
  const memberId = page.params.memberId ?? '';
  if (!/^\d{1,9}$/.test(memberId)) return page.redirect(`/members?${CHAT_FAILED_PARAM}`);
  const { user } = page.locals;
  if (!user) return signupRedirect(page, { profile: memberId, next: `/members/${memberId}/chat` });
  const ctx = await getAppContext();
  const opened = await openMemberChatPage(ctx, memberId, user.profile.id);
  if (!opened) return page.redirect(`/members?${CHAT_FAILED_PARAM}`);
  if (opened.kind === 'failed') return page.redirect(opened.back);
  if (opened.kind === 'existing') return page.redirect(`/chats/${opened.id}`);
  return chatScreenData(ctx, page, opened.open);
}
