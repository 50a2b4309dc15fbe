import {
  chatsContract,
  deleteChatContract,
  gifsContract,
  messagesContract,
  sendMessageContract,
  startChatContract,
  typingContract,
} from '~/shared/contracts/chat';
import { ok } from '~/shared/errors';
import { deleteChat, listChats, startConversation } from '../../chat';
import { listMessages, sendMessage } from '../../chat';
import { sendTyping } from '../../chat';
import { searchGifs } from '../../gifs';
import { defineOperation } from '../api';

/** `GET /api/chats.php` (docs/product.md §7): the member's chat list; 403 for visitors. */
export const chatsEndpoint = [
  defineOperation(chatsContract, async (_input, req) => {
    return ok({ chats: await listChats(req.ctx, req.session.userId) });
  }),
];

/** `GET /api/chat.php?profile=` → conversation id; `DELETE /api/chat.php` {conversation} (docs/product.md §7). */
export const chatEndpoint = [
  defineOperation(startChatContract, async ({ query }, req) => {
    return startConversation(req.ctx, req.session.userId, query.profile);
  }),
  defineOperation(deleteChatContract, async ({ body }, req) => {
    return deleteChat(req.ctx, req.session.userId, body.conversation);
  }),
];

/** `GET /api/messages.php?conversation=&before=` and `POST /api/messages.php`. */
export const messagesEndpoint = [
  defineOperation(messagesContract, async ({ query }, req) => {
    return listMessages(req.ctx, req.session.userId, query.conversation, query.before);
  }),
  defineOperation(sendMessageContract, async ({ body }, req) => {
    return sendMessage(req.ctx, req.site, req.session.userId, body);
  }),
];

/** `POST /api/typing.php` {conversation} (typing indicator). */
export const typingEndpoint = [
  defineOperation(typingContract, async ({ body }, req) => {
    return sendTyping(req.ctx, req.session.userId, body.conversation);
  }),
];

/** `GET /api/gifs.php?q=&locale=` (GIFs): the picker's GIFs, members only. */
export const gifsEndpoint = [
  defineOperation(gifsContract, async ({ query }, req) => {
    return ok({ gifs: await searchGifs(req.ctx, req.session.userId, query) });
  }),
];
