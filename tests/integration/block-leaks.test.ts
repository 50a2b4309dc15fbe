import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberEvents, profiles, users } from '../../src/server/db/schema';
import { chatEndpoint, chatsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { blockEndpoint } from '../../src/server/http/endpoints/safety';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { chatListForPage } from '../../src/server/pages/chat-list-page';
import { openMemberLander } from '../../src/server/pages/member-lander';
import { openChatPage, openMemberChatPage } from '../../src/server/pages/open-chat-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

/**
 * docs/product.md §6: within a blocked pair (either member blocked the other) neither sees the
 * other's profile data (photos, about-me, presence) on any read path, and an unblock brings
 * everything back.
 */
const { ctx } = useTestContext();

type Member = { id: number; cookie: string };

async function member(name: string, gender: 'female' | 'male'): Promise<Member> {
  const m = await loggedInMember(ctx(), name, { gender, country: 'NL' });
  await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, m.id));
  await addImage(ctx(), m.id);
  return m;
}

/** Anna and Ben with a conversation both wrote in, and each liking the other; returns its id. */
async function pairWithHistory(): Promise<{ anna: Member; ben: Member; conversation: number }> {
  const anna = await member('Anna', 'female');
  const ben = await member('Ben', 'male');
  const started = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
    cookie: ben.cookie,
    query: { profile: anna.id },
  });
  const conversation = started.json.id as number;
  for (const [from, text] of [
    [ben, 'Hi Anna'],
    [anna, 'Hi Ben'],
  ] as const)
    await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: from.cookie,
      body: { conversation, text },
    });
  for (const [liker, liked] of [
    [anna, ben],
    [ben, anna],
  ] as const)
    await callApi(ctx(), likesEndpoint, '/api/likes.php', {
      method: 'POST',
      cookie: liker.cookie,
      body: { profile: liked.id },
    });
  return { anna, ben, conversation };
}

const block = (by: Member, other: Member) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'POST', body: { profile: other.id }, cookie: by.cookie });
const unblock = (by: Member, other: Member) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'DELETE', body: { profile: other.id }, cookie: by.cookie });
const chats = async (viewer: Member) =>
  (await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: viewer.cookie })).json.chats as {
    profile: { id: number };
  }[];
const readEvents = (to: number) =>
  ctx()
    .db.select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, to), eq(memberEvents.type, 'read')));

describe('a blocked pair sees nothing of each other (docs/product.md §6)', () => {
  it('chat list (API and page): the conversation is gone both ways, edits and presence included; unblock brings it back', async () => {
    const { anna, ben, conversation } = await pairWithHistory();
    expect((await chats(ben)).map((chat) => chat.profile.id)).toEqual([anna.id]);
    expect((await block(anna, ben)).status).toBe(200);
    // The blocker edits her about-me and is online: none of it reaches the blocked member.
    await ctx()
      .db.update(profiles)
      .set({ personal: 'Edited after the block', lastActiveAt: ctx().clock.now() })
      .where(eq(profiles.id, anna.id));

    for (const [viewer, other] of [
      [ben, anna],
      [anna, ben],
    ] as const) {
      const api = await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: viewer.cookie });
      expect(api.status).toBe(200);
      expect(JSON.stringify(api.json)).not.toContain(`"id":${other.id}`);
      expect(JSON.stringify(api.json)).not.toContain('Edited after the block');
      expect(await chatListForPage(ctx(), viewer.id)).toEqual([]);
      // Search, similar results and likes lists leave the other out too.
      const search = await callApi(ctx(), searchEndpoint, '/api/search.php', { query: {}, cookie: viewer.cookie });
      expect(search.json.profiles.map((p: { id: number }) => p.id)).not.toContain(other.id);
      const similar = await callApi(ctx(), searchEndpoint, '/api/search.php', {
        query: { similarpage: 1 },
        cookie: viewer.cookie,
      });
      expect(similar.json.profiles.map((p: { id: number }) => p.id)).not.toContain(other.id);
      const likes = await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: viewer.cookie });
      expect(likes.json).toEqual({ profiles: [], liked_by: [] });
    }

    await unblock(anna, ben);
    const back = await chats(ben);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ conversation, profile: { id: anna.id, personal: 'Edited after the block' } });
  });

  it('chat page (/chats/:id) is a 404 for both, whoever blocked; unblock opens it again', async () => {
    const { anna, ben, conversation } = await pairWithHistory();
    expect(await openChatPage(ctx(), String(conversation), ben.id)).not.toBeNull();
    await block(ben, anna);
    expect(await openChatPage(ctx(), String(conversation), ben.id)).toBeNull();
    expect(await openChatPage(ctx(), String(conversation), anna.id)).toBeNull();
    // /members/:id/chat fails too ("Cannot start chat", docs/product.md §8).
    expect(await openMemberChatPage(ctx(), String(anna.id), ben.id)).toMatchObject({ kind: 'failed' });
    await unblock(ben, anna);
    expect((await openChatPage(ctx(), String(conversation), anna.id))?.profile).toMatchObject({ id: ben.id });
  });

  it('messages: not found for both, and reading sends the other member no read receipt', async () => {
    const { anna, ben, conversation } = await pairWithHistory();
    await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: ben.cookie,
      body: { conversation, text: 'Still there?' },
    });
    await block(anna, ben);
    const receiptsBefore = (await readEvents(ben.id)).length;
    for (const viewer of [anna, ben]) {
      const answer = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
        cookie: viewer.cookie,
        query: { conversation },
      });
      expect(answer.status).toBe(404);
      expect(answer.json.error).toMatchObject({ code: 'not_found' });
    }
    expect(await readEvents(ben.id)).toHaveLength(receiptsBefore);

    await unblock(anna, ben);
    const answer = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      cookie: anna.cookie,
      query: { conversation },
    });
    expect(answer.json.messages.map((m: { text: string }) => m.text)).toEqual(['Hi Anna', 'Hi Ben', 'Still there?']);
    expect(await readEvents(ben.id)).toHaveLength(receiptsBefore + 1);
  });

  it('member landers (/members/:id/landing, /signup, /landing2/:slug): 404 for a logged-in member of the pair, either way', async () => {
    const { anna, ben } = await pairWithHistory();
    expect(await openMemberLander(ctx(), String(anna.id), undefined, ben.id)).not.toBeNull();
    await block(anna, ben);
    for (const [viewer, other] of [
      [ben, anna],
      [anna, ben],
    ] as const) {
      expect(await openMemberLander(ctx(), String(other.id), undefined, viewer.id)).toBeNull();
      expect(await openMemberLander(ctx(), String(other.id), 'milf-de', viewer.id)).toBeNull();
    }
    // Visitors and other members still get the lander.
    expect(await openMemberLander(ctx(), String(anna.id))).not.toBeNull();
    await unblock(anna, ben);
    expect(await openMemberLander(ctx(), String(anna.id), undefined, ben.id)).not.toBeNull();
  });
});
