import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { chatEndpoint, chatsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { chatListForPage } from '../../src/server/pages/chat-list-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

/**
 * The chat list in the HTML of /chats (docs/product.md §2 /chats): `chatListForPage` gives the
 * page exactly what the island's `GET /api/chats.php` would answer, so hydration shows the same
 * list without the call.
 */
const { ctx } = useTestContext();

async function member(name: string) {
  const m = await loggedInMember(ctx(), name, { country: 'NL' });
  await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, m.id));
  return m;
}

describe('the chat list of the page', () => {
  it('is the API answer: conversations newest first with unread counts and public profiles only', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const cleo = await member('Cleo');
    for (const [from, to, text] of [
      [anna, ben, 'Hi Ben'],
      [cleo, ben, 'Hello from Cleo'],
    ] as const) {
      const started = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
        cookie: from.cookie,
        query: { profile: to.id },
      });
      await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
        method: 'POST',
        cookie: from.cookie,
        body: { conversation: started.json.id, text },
      });
    }

    const api = await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: ben.cookie });
    const page = await chatListForPage(ctx(), ben.id);
    expect(page).toEqual(api.json.chats);
    expect(page!.map((chat) => chat.profile.name)).toEqual(['Cleo', 'Anna']);
    expect(page![0]).toMatchObject({ num_unread_messages: 1, last_message: { text: 'Hello from Cleo' } });
    expect(page![0]!.profile).not.toHaveProperty('email');
    expect(await chatListForPage(ctx(), anna.id)).toHaveLength(1);
  });

  it('is an empty list for a member without chats', async () => {
    const dana = await member('Dana');
    expect(await chatListForPage(ctx(), dana.id)).toEqual([]);
  });
});
