import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blockMember } from '../../src/server/blocks/blocks';
import { conversationMembers, conversations, memberEvents, messages, users } from '../../src/server/db/schema';
import { chatEndpoint, chatsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { openMemberChatPage } from '../../src/server/pages/open-chat-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

async function member(name: string, credits = 100) {
  const m = await loggedInMember(ctx(), name, { country: 'NL' });
  await ctx().db.update(users).set({ credits }).where(eq(users.id, m.id));
  return m;
}
const sendTo = (cookie: string, body: Record<string, unknown>) =>
  callApi(ctx(), messagesEndpoint, '/api/messages.php', { method: 'POST', cookie, body });
const chats = async (cookie: string) => (await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie })).json.chats;
/** Row counts of everything opening a chat could write. */
async function written() {
  const db = ctx().db;
  return {
    conversations: (await db.select().from(conversations)).length,
    members: (await db.select().from(conversationMembers)).length,
    messages: (await db.select().from(messages)).length,
    events: (await db.select().from(memberEvents)).length,
  };
}
const NOTHING = { conversations: 0, members: 0, messages: 0, events: 0 };

describe('/members/:memberId/chat (docs/product.md §2)', () => {
  it('opens the chat screen for the member without writing anything', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const opened = await openMemberChatPage(ctx(), String(ben.id), anna.id);
    expect(opened).toMatchObject({ kind: 'new', open: { id: null, profile: { id: ben.id, name: 'Ben' } } });
    // Opening it again, as a cross-site link would, still writes nothing, and nobody's list changes.
    await openMemberChatPage(ctx(), String(ben.id), anna.id);
    expect(await written()).toEqual(NOTHING);
    expect(await chats(anna.cookie)).toEqual([]);
    expect(await chats(ben.cookie)).toEqual([]);
  });

  it('goes to the existing conversation, also one the member deleted from their list, without changing it', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const first = await sendTo(anna.cookie, { profile: ben.id, text: 'Hi Ben' });
    const id = first.json.message.conversation as number;
    expect(await openMemberChatPage(ctx(), String(ben.id), anna.id)).toEqual({ kind: 'existing', id });
    expect(await openMemberChatPage(ctx(), String(anna.id), ben.id)).toEqual({ kind: 'existing', id });

    await callApi(ctx(), chatEndpoint, '/api/chat.php', {
      method: 'DELETE',
      cookie: anna.cookie,
      body: { conversation: id },
    });
    const before = await ctx().db.select().from(conversationMembers);
    expect(await openMemberChatPage(ctx(), String(ben.id), anna.id)).toEqual({ kind: 'existing', id });
    expect(await ctx().db.select().from(conversationMembers)).toEqual(before);
  });

  it('cannot be opened for oneself, unknown, hidden or blocked members: back to a page that says so', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const failed = (back: string) => ({ kind: 'failed', back: `${back}?chat=failed` });
    expect(await openMemberChatPage(ctx(), String(anna.id), anna.id)).toEqual(failed(`/members/${anna.id}`));
    expect(await openMemberChatPage(ctx(), '999999', anna.id)).toEqual(failed('/members'));
    expect(await openMemberChatPage(ctx(), 'x', anna.id)).toBeNull();
    await blockMember(ctx(), ben.id, anna.id);
    // The blocked member learns nothing (the search); the blocker returns to the page offering Unblock.
    expect(await openMemberChatPage(ctx(), String(ben.id), anna.id)).toEqual(failed('/members'));
    expect(await openMemberChatPage(ctx(), String(anna.id), ben.id)).toEqual(failed(`/members/${anna.id}`));
    expect(await written()).toEqual(NOTHING);
  });
});

describe('POST /api/messages.php {profile} (the first message creates the conversation)', () => {
  it('creates the conversation with the first message, then keeps using it', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const first = await sendTo(anna.cookie, { profile: ben.id, text: 'Hi Ben' });
    expect(first.status).toBe(200);
    const id = first.json.message.conversation as number;
    expect(first.json.message).toMatchObject({ from: anna.id, text: 'Hi Ben', read: false });
    expect(first.json.credits).toBe(98);

    const again = await sendTo(anna.cookie, { profile: ben.id, text: 'Coffee?' });
    expect(again.json.message.conversation).toBe(id);
    // The other member answers through the same conversation, by member or by conversation id.
    expect((await sendTo(ben.cookie, { profile: anna.id, text: 'Hello' })).json.message.conversation).toBe(id);
    expect((await sendTo(ben.cookie, { conversation: id, text: 'Sure' })).json.message.conversation).toBe(id);

    expect((await written()).conversations).toBe(1);
    expect((await chats(ben.cookie))[0]).toMatchObject({ conversation: id, last_message: { text: 'Sure' } });
    expect((await chats(anna.cookie))[0]).toMatchObject({ conversation: id, num_unread_messages: 2 });
  });

  it('creates nothing when the message is refused: no credits, blocked, oneself, unknown member', async () => {
    const anna = await member('Anna', 1);
    const ben = await member('Ben');
    const poor = await sendTo(anna.cookie, { profile: ben.id, text: 'Hi' });
    expect(poor.status).toBe(402);
    expect(poor.json.error.code).toBe('insufficient_credits');
    expect(await written()).toEqual(NOTHING);
    expect(await chats(ben.cookie)).toEqual([]);

    await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, anna.id));
    await blockMember(ctx(), ben.id, anna.id);
    const blocked = await sendTo(anna.cookie, { profile: ben.id, text: 'Hi' });
    expect(blocked.status).toBe(403);
    expect(blocked.json.error).toMatchObject({ code: 'blocked', message: 'chat.blocked' });
    expect((await sendTo(ben.cookie, { profile: anna.id, text: 'Hi' })).status).toBe(403);
    expect((await sendTo(anna.cookie, { profile: anna.id, text: 'Hi me' })).status).toBe(422);
    expect((await sendTo(anna.cookie, { profile: 999_999, text: 'Hi?' })).status).toBe(404);
    expect(await written()).toEqual(NOTHING);
  });

  it('names exactly one of conversation and profile', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const id = (await sendTo(anna.cookie, { profile: ben.id, text: 'Hi' })).json.message.conversation;
    const both = await sendTo(anna.cookie, { conversation: id, profile: ben.id, text: 'Hi' });
    expect(both.status).toBe(422);
    expect((await sendTo(anna.cookie, { text: 'Hi' })).status).toBe(422);
    expect((await written()).messages).toBe(1);
  });
});
