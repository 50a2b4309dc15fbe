import { chatsContract, type ChatEntry } from '~/shared/contracts/chat';
import { listChats } from '../chat';
import type { AppContext } from '../context';

/**
 * The member's chat list for the HTML of /chats and a conversation's screen (docs/product.md §2
 * /chats): exactly what `GET /api/chats.php` answers (the same use case, parsed by the same
 * response schema, so nothing beyond the contract reaches the page), so the list is on screen
 * before any JavaScript and the island starts from it instead of calling the API.
 *
 * Returns null when loading fails (logged as `chat list prerender failed`): the island then loads
 * the list itself and shows its own error state. Never throws.
 */
export async function chatListForPage(ctx: AppContext, userId: number): Promise<ChatEntry[] | null> {
  try {
    return chatsContract.response.parse({ chats: await listChats(ctx, userId) }).chats;
  } catch (error) {
    ctx.log.warn('chat list prerender failed', { error });
    return null;
  }
}
