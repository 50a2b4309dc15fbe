import { atom } from 'nanostores';
import { openEventStream, type StreamStatus } from '../client/events';
import { streamEventSchemas } from '../shared/contracts/chat';
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
    onEvent: (type, data) => dispatch(type, data, myId),
  });
}

export function stopRealtime(): void {
  close?.();
  close = null;
  $streamStatus.set('down');
}

function dispatch(type: string, data: unknown, myId: number): void {
  switch (type) {
    case 'message': {
      const parsed = streamEventSchemas.message.safeParse(data);
      if (!parsed.success) return;
      receiveMessage(parsed.data.message, myId, $conversation.get().id);
      receiveConversationMessage(parsed.data.message);
      return;
    }
    case 'read': {
      const parsed = streamEventSchemas.read.safeParse(data);
      if (parsed.success) receiveReadReceipt(parsed.data.conversation, parsed.data.up_to, myId);
      return;
    }
    case 'typing': {
      const parsed = streamEventSchemas.typing.safeParse(data);
      if (parsed.success) receiveTyping(parsed.data.conversation, Date.now());
      return;
    }
    case 'like':
      void loadLikes();
      return;
    case 'chat_deleted':
      void loadChats();
      return;
  }
}
