import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { pushMessageIfOffline } from '../helpers/message-notify';
import { streamClosed, streamOpened } from '../../src/server/realtime/presence';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { usePushService } from '../helpers/push-service';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
const pushServiceOf = usePushService();

async function pair() {
  const anna = await loggedInMember(ctx(), 'Anna');
  const ben = await loggedInMember(ctx(), 'Ben', { language: 'en' });
  await ctx().db.update(users).set({ credits: 50 }).where(eq(users.id, anna.id));
  const subscription = pushServiceOf().createSubscription();
  await ctx().db.insert(pushSubscriptions).values({
    userId: ben.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
  const id = (await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } }))
    .json.id as number;
  const send = async (text: string) =>
    (
      await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
        method: 'POST',
        cookie: anna.cookie,
        body: { conversation: id, text },
      })
    ).json.message;
  return { anna, ben, id, send };
}

describe('message pushes', () => {
  it('pushes to an offline recipient: sender name, no message text, opens the conversation', async () => {
    const { ben, id, send } = await pair();
    const before = pushServiceOf().received.length;
    const message = await send('A very private first message');
    expect(await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message)).toBe(1);
    const push = pushServiceOf().received.at(-1)!;
    expect(pushServiceOf().received.length).toBeGreaterThan(before);
    expect(push.payload).toMatchObject({ title: 'Anna sent you a message', url: `/chats/${id}`, tag: `chat-${id}` });
    expect(JSON.stringify(push.payload)).not.toContain('private');
  });

  it('sends nothing while the recipient has an open stream in any process', async () => {
    const { ben, send } = await pair();
    const presence = await streamOpened(ctx(), ben.id);
    const message = await send('hi');
    expect(await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message)).toBe(0);
    await streamClosed(ctx(), presence);
    expect(await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message)).toBe(1);
  });

  it('removes a subscription the push service answers 410 for', async () => {
    const { ben, send } = await pair();
    const message = await send('hi');
    pushServiceOf().setStatus(410);
    try {
      expect(await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message)).toBe(0);
    } finally {
      pushServiceOf().setStatus(201);
    }
    expect(await ctx().db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ben.id))).toHaveLength(0);
  });
});
