import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import type { ChatEntry, ChatMessage } from '~/shared/contracts/chat';
import { setUnreadMessages } from './badges';
import { refreshUser } from './session';
import * as routes from '~/shared/contracts/routes';

/**
 * Chat list store (docs/product.md §4 chats): the member's conversations with
 * unread counts (they drive the nav and app badges), kept fresh by polling and
 * the event stream. Opening a conversation sets its count to 0; deleting
 * removes it locally first, then reloads.
 */
export interface ChatsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  chats: ChatEntry[];
}

/** Before anything is loaded (also what the server renders). */
export const CHATS_IDLE: ChatsState = { status: 'idle', chats: [] };

export const $chats = atom<ChatsState>(CHATS_IDLE);

function setChats(chats: ChatEntry[]): void {
  $chats.set({ status: 'ready', chats });
  setUnreadMessages(chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0));
}

/**
 * Starts the store from the list the server put in the page (src/server/pages/chat-list-page.ts),
 * unless the shell's polling has already loaded one.
 */
export function primeChats(chats: ChatEntry[]): void {
  if ($chats.get().status !== 'ready') setChats(chats);
}

/** Loads the list; a 403 refetches the user (docs/product.md §8), other failures are logged. */
export async function loadChats(): Promise<void> {
  if ($chats.get().status === 'idle') $chats.set({ ...$chats.get(), status: 'loading' });
  try {
    const { chats } = await callApi(routes.chats, { quiet: true });
    setChats(chats);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await refreshUser();
      return;
    }
    console.warn('chats load failed', error);
    if ($chats.get().status !== 'ready') $chats.set({ ...$chats.get(), status: 'error' });
  }
}

/** docs/product.md §4: opening a conversation sets its unread count to 0 (the server does the same when reading). */
export function markChatOpened(conversation: number): void {
  const state = $chats.get();
  if (!state.chats.some((chat) => chat.conversation === conversation && chat.num_unread_messages > 0)) return;
  setChats(
    state.chats.map((chat) => (chat.conversation === conversation ? { ...chat, num_unread_messages: 0 } : chat)),
  );
}

/**
 * A message arrived on the stream: the chat moves to the top with the preview;
 * unread grows unless it is mine or the conversation is open. Unknown chats reload the list.
 */
export function receiveMessage(message: ChatMessage, myId: number, openConversation: number | null): void {
  const state = $chats.get();
  const chat = state.chats.find((c) => c.conversation === message.conversation);
  if (!chat) {
    void loadChats();
    return;
  }
  const fromMe = message.from === myId;
  const updated: ChatEntry = {
    ...chat,
    num_unread_messages:
      fromMe || openConversation === message.conversation ? chat.num_unread_messages : chat.num_unread_messages + 1,
    last_message: { text: message.text, gif: message.gif !== null, from_me: fromMe, created_at: message.created_at },
    updated_at: message.created_at,
  };
  setChats([updated, ...state.chats.filter((c) => c.conversation !== message.conversation)]);
}

/**
 * Deletes a chat (docs/product.md §4): gone from the list at once, then the list reloads.
 * @returns false when the server refused; the caller shows the alert (docs/product.md §8) and the list comes back.
 */
export async function deleteChat(conversation: number): Promise<boolean> {
  setChats($chats.get().chats.filter((chat) => chat.conversation !== conversation));
  try {
    await callApi(routes.deleteChat, { body: { conversation } });
    return true;
  } catch (error) {
    console.warn('chat delete failed', error);
    return false;
  } finally {
    await loadChats();
  }
}

/** Forgets the list (logout). */
export function clearChats(): void {
  $chats.set({ status: 'idle', chats: [] });
  setUnreadMessages(0);
}
