import { atom } from 'nanostores';
import { openEventStream, type StreamStatus } from '../client/events';
import type { MemberEventData } from '~/shared/contracts/events';
import { loadChats, receiveMessage } from './chats';
import { $conversation, receiveConversationMessage, receiveReadReceipt, receiveTyping } from './conversation';
import { loadLikes } from './likes';

/**
 * Routes the member's stream events into the stores: new messages
 * to the chat list and the open conversation, read receipts, typing, likes.
 * A stream that cannot reconnect leaves polling (docs/product.md §9) in charge.
 */
export const $streamStatus = atom<StreamStatus>('down');
let close: (() => void) | null = null;

export function startRealtime(myId: number): void {
  if (close) return;
  close = openEventStream({
    onStatus: (status) => $streamStatus.set(status),
    onEvent: (event) => dispatch(event, myId),
  });
}

export function stopRealtime(): void {
  close?.();
  close = null;
  $streamStatus.set('down');
}

function dispatch(event: MemberEventData, myId: number): void {
  switch (event.type) {
    case 'message':
      receiveMessage(event.data.message, myId, $conversation.get().id);
      receiveConversationMessage(event.data.message);
      return;
    case 'read':
      receiveReadReceipt(event.data.conversation, event.data.up_to, myId);
      return;
    case 'typing':
      receiveTyping(event.data.conversation, Date.now());
      return;
    case 'like':
      void loadLikes();
      return;
    case 'chat_deleted':
      void loadChats();
      return;
  }
}
