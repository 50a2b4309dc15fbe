import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import type { ChatMessage, Gif } from '~/shared/contracts/chat';
import { loadChats, markChatOpened } from './chats';
import { notePushInterest } from './push-prompt';
import { $user } from './session';
import * as routes from '~/shared/contracts/routes';

/**
 * The open conversation: history pages (infinite scroll upwards),
 * optimistic sends with a failed state and retry, read receipts and the other
 * member's typing indicator. A chat with a member who has no conversation with the
 * member yet (`recipient`, id null) sends its first message to them; the answer names the
 * conversation it created (docs/product.md §7).
 */
export interface OutgoingMessage {
  /** Negative local id until the server answers. */
  localId: number;
  /** Exactly one of text and gif is set. */
  text: string | null;
  gif: Gif | null;
  state: 'sending' | 'failed';
  error?: string;
}

export interface ConversationState {
  id: number | null;
  /** The other member, for a chat whose conversation does not exist yet (else null). */
  recipient: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  messages: ChatMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  outgoing: OutgoingMessage[];
  /** Until when (ms since epoch) the other member counts as typing. */
  typingUntil: number;
  /** The sender's credit balance after the last send (null = unknown). */
  credits: number | null;
}

const EMPTY: ConversationState = {
  id: null,
  recipient: null,
  status: 'idle',
  messages: [],
  hasMore: false,
  loadingOlder: false,
  outgoing: [],
  typingUntil: 0,
  credits: null,
};
/** "typing…" shows this long after the last typing event (ms). */
export const TYPING_SHOWN_MS = 4_000;
/** A typing ping goes out at most this often (ms). */
export const TYPING_PING_MS = 3_000;

export const $conversation = atom<ConversationState>(EMPTY);
let nextLocalId = -1;
let lastTypingPing = 0;

function patch(update: Partial<ConversationState>): void {
  $conversation.set({ ...$conversation.get(), ...update });
}

/** Opens a conversation: loads its newest page (which marks it read, docs/product.md §4). */
export async function openConversation(id: number): Promise<void> {
  $conversation.set({ ...EMPTY, id, status: 'loading' });
  markChatOpened(id);
  try {
    const page = await callApi(routes.messages, { query: { conversation: id } });
    if ($conversation.get().id !== id) return;
    patch({ status: 'ready', messages: page.messages, hasMore: page.has_more });
  } catch (error) {
    console.warn('conversation load failed', error);
    if ($conversation.get().id === id) patch({ status: 'error' });
  }
}

/** Opens the chat with member `profileId`, who has no conversation with the member yet: empty, ready to write. */
export function openNewConversation(profileId: number): void {
  $conversation.set({ ...EMPTY, recipient: profileId, status: 'ready' });
}

/** Loads the page before the oldest shown message. */
export async function loadOlderMessages(): Promise<void> {
  const state = $conversation.get();
  if (!state.id || !state.hasMore || state.loadingOlder || state.messages.length === 0) return;
  patch({ loadingOlder: true });
  try {
    const page = await callApi(routes.messages, { query: { conversation: state.id, before: state.messages[0]!.id } });
    const current = $conversation.get();
    if (current.id !== state.id) return;
    patch({ messages: [...page.messages, ...current.messages], hasMore: page.has_more, loadingOlder: false });
  } catch (error) {
    console.warn('older messages failed', error);
    patch({ loadingOlder: false });
  }
}

/**
 * Adds a message (from the stream or a send) once, in id order. In a chat whose conversation
 * does not exist yet, a message from that member is the first of the conversation they just
 * created: the chat takes it as its own.
 */
export function receiveConversationMessage(message: ChatMessage): void {
  const state = $conversation.get();
  const isNewFromRecipient = state.id === null && state.recipient !== null && message.from === state.recipient;
  if (state.id !== message.conversation && !isNewFromRecipient) return;
  if (state.messages.some((m) => m.id === message.id)) return;
  const messages = [...state.messages, message].sort((a, b) => a.id - b.id);
  // A message ends the "typing…" of whoever was writing it.
  patch({ id: message.conversation, messages, typingUntil: 0 });
}

/** The other member read my messages up to `upTo` ("seen"). */
export function receiveReadReceipt(conversation: number, upTo: number, myId: number): void {
  const state = $conversation.get();
  if (state.id !== conversation) return;
  patch({
    messages: state.messages.map((m) => (m.from === myId && m.id <= upTo && !m.read ? { ...m, read: true } : m)),
  });
}

export function receiveTyping(conversation: number, now: number): void {
  if ($conversation.get().id === conversation) patch({ typingUntil: now + TYPING_SHOWN_MS });
}

/** Tells the other member I am typing (throttled to one ping per TYPING_PING_MS). */
export function pingTyping(now: number): void {
  const id = $conversation.get().id;
  if (!id || now - lastTypingPing < TYPING_PING_MS) return;
  lastTypingPing = now;
  void callApi(routes.typing, { body: { conversation: id }, quiet: true }).catch(() => undefined);
}

/**
 * Sends a text or a GIF optimistically: it shows at once as "sending", becomes
 * the stored message on success, or stays as "failed" (with the reason) for a retry.
 */
async function send(draft: { text: string; gif: null } | { text: null; gif: Gif }, retryOf?: number): Promise<void> {
  const { id, recipient } = $conversation.get();
  if (!id && !recipient) return;
  const localId = retryOf ?? nextLocalId--;
  const others = $conversation.get().outgoing.filter((o) => o.localId !== localId);
  patch({ outgoing: [...others, { localId, ...draft, state: 'sending' }] });
  lastTypingPing = 0;
  // The same chat is still open: the same conversation, or the same member's chat that got its conversation meanwhile.
  const isStillOpen = (state: ConversationState) => (id === null ? state.recipient === recipient : state.id === id);
  try {
    const to = id ? { conversation: id } : { profile: recipient! };
    const body = draft.gif ? { ...to, gif: draft.gif.id } : { ...to, text: draft.text };
    const { message, credits } = await callApi(routes.sendMessage, { body });
    const state = $conversation.get();
    if (!isStillOpen(state)) return;
    patch({
      id: state.id ?? message.conversation,
      outgoing: state.outgoing.filter((o) => o.localId !== localId),
      credits,
    });
    // The first message created the conversation: the chat list shows it now.
    if (state.id === null) void loadChats();
    // The balance in the top navigation and the composer follows each send.
    const user = $user.get();
    if (user) $user.set({ ...user, credits });
    receiveConversationMessage(message);
    // A message sent shows interest: the push offer may follow.
    notePushInterest();
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : 'errors.network';
    const state = $conversation.get();
    patch({
      outgoing: state.outgoing.map((o) => (o.localId === localId ? { ...o, state: 'failed', error: reason } : o)),
    });
  }
}

/** Sends a text message (blank texts are ignored). */
export async function sendText(text: string): Promise<void> {
  const trimmed = text.trim();
  if (trimmed) await send({ text: trimmed, gif: null });
}

/** Sends a GIF picked from the GIF picker. */
export async function sendGif(gif: Gif): Promise<void> {
  await send({ text: null, gif });
}

/** Sends a failed message again, in its place. */
export async function retryOutgoing(message: OutgoingMessage): Promise<void> {
  if (message.gif) await send({ text: null, gif: message.gif }, message.localId);
  else if (message.text) await send({ text: message.text, gif: null }, message.localId);
}

/** Gives up a failed message. */
export function discardOutgoing(localId: number): void {
  patch({ outgoing: $conversation.get().outgoing.filter((o) => o.localId !== localId) });
}

export function closeConversation(): void {
  $conversation.set(EMPTY);
}
