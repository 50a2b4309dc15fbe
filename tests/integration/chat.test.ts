import { eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blockMember } from '../../src/server/blocks/blocks';
import { creditLedger, memberEvents, reports, users } from '../../src/server/db/schema';
import { chatEndpoint, chatsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { blockEndpoint, reportEndpoint } from '../../src/server/http/endpoints/safety';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

async function member(name: string, credits = 100) {
  const m = await loggedInMember(ctx(), name, { country: 'NL' });
  await ctx().db.update(users).set({ credits }).where(eq(users.id, m.id));
  return m;
}
const start = (cookie: string, profile: number) =>
  callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie, query: { profile } });
const send = (cookie: string, conversation: number, text: string) =>
  callApi(ctx(), messagesEndpoint, '/api/messages.php', { method: 'POST', cookie, body: { conversation, text } });
const read = (cookie: string, conversation: number, before?: number) =>
  callApi(ctx(), messagesEndpoint, '/api/messages.php', {
    cookie,
    query: before ? { conversation, before } : { conversation },
  });
const chats = (cookie: string) => callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie });
const remove = (cookie: string, conversation: number) =>
  callApi(ctx(), chatEndpoint, '/api/chat.php', { method: 'DELETE', cookie, body: { conversation } });

describe('chat', () => {
  it('starts one conversation per pair, counts unread messages, and reading sets them to 0 with a receipt', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const started = await start(anna.cookie, ben.id);
    expect(started.status).toBe(200);
    const id = started.json.id as number;
    expect((await start(ben.cookie, anna.id)).json.id).toBe(id);

    await send(anna.cookie, id, 'Hi Ben');
    const second = await send(anna.cookie, id, 'Coffee?');
    expect(second.json.message).toMatchObject({ conversation: id, from: anna.id, text: 'Coffee?', read: false });
    const benList = (await chats(ben.cookie)).json.chats;
    expect(benList).toHaveLength(1);
    expect(benList[0]).toMatchObject({
      conversation: id,
      num_unread_messages: 2,
      profile: { id: anna.id },
      last_message: { text: 'Coffee?', from_me: false },
    });
    expect(benList[0].profile).not.toHaveProperty('email');

    const page = await read(ben.cookie, id);
    expect(page.json.messages.map((m: { text: string }) => m.text)).toEqual(['Hi Ben', 'Coffee?']);
    expect((await chats(ben.cookie)).json.chats[0].num_unread_messages).toBe(0);
    expect((await read(anna.cookie, id)).json.messages.every((m: { read: boolean }) => m.read)).toBe(true);
    const annaEvents = await ctx().db.select().from(memberEvents).where(eq(memberEvents.userId, anna.id));
    expect(annaEvents.some((e) => e.type === 'read')).toBe(true);
  });

  it('pages history backwards, newest page first', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const id = (await start(anna.cookie, ben.id)).json.id;
    for (let i = 0; i < 35; i++) await send(anna.cookie, id, `m${i}`);
    const newest = (await read(ben.cookie, id)).json;
    expect(newest.messages).toHaveLength(30);
    expect(newest.messages[0].text).toBe('m5');
    expect(newest.has_more).toBe(true);
    const older = (await read(ben.cookie, id, newest.messages[0].id)).json;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.has_more).toBe(false);
  });

  it('delete removes the chat for one member only; a new message brings it back without the old history', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const id = (await start(anna.cookie, ben.id)).json.id;
    await send(anna.cookie, id, 'old');
    expect((await remove(ben.cookie, id)).json).toEqual({ deleted: true });
    expect((await chats(ben.cookie)).json.chats).toEqual([]);
    expect((await chats(anna.cookie)).json.chats).toHaveLength(1);
    await send(anna.cookie, id, 'new');
    const back = (await chats(ben.cookie)).json.chats;
    expect(back[0]).toMatchObject({ num_unread_messages: 1, last_message: { text: 'new' } });
    expect((await read(ben.cookie, id)).json.messages.map((m: { text: string }) => m.text)).toEqual(['new']);
  });

  it("keeps other pairs' conversations out of reach (404) and refuses visitors (403)", async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const eve = await member('Eve');
    const id = (await start(anna.cookie, ben.id)).json.id;
    await send(anna.cookie, id, 'private');
    expect((await read(eve.cookie, id)).status).toBe(404);
    expect((await send(eve.cookie, id, 'hi')).status).toBe(404);
    expect((await remove(eve.cookie, id)).status).toBe(404);
    expect((await chats(eve.cookie)).json.chats).toEqual([]);
    expect((await callApi(ctx(), chatsEndpoint, '/api/chats.php')).status).toBe(403);
    expect((await start(anna.cookie, anna.id)).status).toBe(422);
    expect((await start(anna.cookie, 999_999)).status).toBe(404);
    expect((await send(anna.cookie, id, '   ')).status).toBe(422);
    expect((await send(anna.cookie, id, 'x'.repeat(2001))).status).toBe(422);
  });

  it('blocking stops messages both ways and new chats', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const id = (await start(anna.cookie, ben.id)).json.id;
    await callApi(ctx(), likesEndpoint, '/api/likes.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { profile: ben.id },
    });
    expect((await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: ben.cookie })).json.liked_by).toHaveLength(
      1,
    );
    await blockMember(ctx(), ben.id, anna.id);
    expect((await send(anna.cookie, id, 'hello?')).json.error.code).toBe('blocked');
    expect((await send(ben.cookie, id, 'bye')).json.error.code).toBe('blocked');
    expect((await start(anna.cookie, ben.id)).json.error.code).toBe('blocked');
    // …and they no longer find each other in search or likes.
    const found = await callApi(ctx(), searchEndpoint, '/api/search.php', { cookie: anna.cookie });
    expect(found.json.profiles.map((p: { id: number }) => p.id)).not.toContain(ben.id);
    expect((await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: ben.cookie })).json.liked_by).toEqual([]);
  });

  it('charges the message cost and never goes below zero under 20 concurrent sends', async () => {
    const anna = await member('Anna', 9);
    const ben = await member('Ben');
    const id = (await start(anna.cookie, ben.id)).json.id;
    // amora: NL costs 2 credits per message, so 9 credits pay for 4 messages.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(anna.cookie, id, `m${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 402).every((r) => r.json.error.code === 'insufficient_credits')).toBe(
      true,
    );
    const [balance] = await ctx().db.select({ credits: users.credits }).from(users).where(eq(users.id, anna.id));
    expect(balance?.credits).toBe(1);
    const [spent] = await ctx()
      .db.select({ total: sum(creditLedger.delta) })
      .from(creditLedger)
      .where(eq(creditLedger.userId, anna.id));
    expect(Number(spent?.total)).toBe(-8);
    // Premium members write for free.
    await ctx()
      .db.update(users)
      .set({ premiumUntil: new Date('2027-01-01') })
      .where(eq(users.id, anna.id));
    expect((await send(anna.cookie, id, 'free')).json.credits).toBe(1);
  });

  it('stores message text as typed (HTML is text, never interpreted server-side)', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const id = (await start(anna.cookie, ben.id)).json.id;
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await send(anna.cookie, id, xss);
    expect((await read(ben.cookie, id)).json.messages[0].text).toBe(xss);
  });
});

describe('block and report endpoints', () => {
  it('blocks, unblocks and stores reports for moderation', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben');
    const eve = await member('Eve');
    const id = (await start(anna.cookie, ben.id)).json.id;
    const block = (cookie: string, profile: number, method = 'POST') =>
      callApi(ctx(), blockEndpoint, '/api/block.php', { method, cookie, body: { profile } });
    expect((await block(anna.cookie, anna.id)).status).toBe(422);
    expect((await block(anna.cookie, 999_999)).status).toBe(404);
    expect((await block(anna.cookie, ben.id)).json).toEqual({ blocked: true });
    expect((await send(ben.cookie, id, 'hi')).json.error.code).toBe('blocked');
    expect((await block(anna.cookie, ben.id, 'DELETE')).json).toEqual({ blocked: false });
    expect((await send(ben.cookie, id, 'hi again')).status).toBe(200);

    const report = (cookie: string, body: Record<string, unknown>) =>
      callApi(ctx(), reportEndpoint, '/api/report.php', { method: 'POST', cookie, body });
    expect(
      (await report(anna.cookie, { profile: ben.id, conversation: id, reason: 'harassment', details: 'Rude messages' }))
        .json,
    ).toEqual({ reported: true });
    // Only your own conversation can be attached; reasons are a fixed list.
    expect((await report(eve.cookie, { profile: ben.id, conversation: id, reason: 'spam' })).status).toBe(404);
    expect((await report(eve.cookie, { profile: ben.id, reason: 'because' })).status).toBe(422);
    const stored = await ctx().db.select().from(reports);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      reporterId: anna.id,
      profileId: ben.id,
      conversationId: id,
      reason: 'harassment',
      details: 'Rude messages',
      status: 'open',
    });
  });
});
