import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleOutbox } from '../../src/server/outbox/deliver-outbox';
import { LIKE_MAIL_INTERVAL_MS } from '../../src/server/outbox/like-push';
import { LIKE_NOTICE_INTERVAL_MS } from '../../src/server/likes/like-notice';
import { pushSubscriptions, users } from '../../src/server/db/schema';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { streamClosed, streamOpened } from '../../src/server/realtime/presence';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { usePushService } from '../helpers/push-service';
import { loggedInMember } from '../helpers/session';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });
const pushServiceOf = usePushService();
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to?.some((to) => to.address === address));

let n = 0;
/** A liked member (English) and `likers` members who like them; `like` waits for the notifications. */
async function setUp(likers = 1) {
  n++;
  const liked = await loggedInMember(ctx(), `Lia${n}`, { language: 'en' });
  const fans: Awaited<ReturnType<typeof loggedInMember>>[] = [];
  for (let i = 0; i < likers; i++) fans.push(await loggedInMember(ctx(), `Fan${n}x${i}`));
  const address = (await ctx().db.select({ email: users.email }).from(users).where(eq(users.id, liked.id)))[0]!.email;
  const like = async (fan = fans[0]!) => {
    const answer = await callApi(ctx(), likesEndpoint, '/api/likes.php', {
      method: 'POST',
      body: { profile: liked.id },
      cookie: fan.cookie,
    });
    expect(answer.status).toBe(200);
    await settleOutbox();
  };
  const unlike = (fan = fans[0]!) =>
    callApi(ctx(), likesEndpoint, '/api/likes.php', {
      method: 'DELETE',
      body: { profile: liked.id },
      cookie: fan.cookie,
    });
  const choose = (body: Record<string, boolean>) =>
    callApi(ctx(), notificationsEndpoint, '/api/notifications.php', { method: 'PUT', cookie: liked.cookie, body });
  const subscribe = async () => {
    const subscription = pushServiceOf().createSubscription();
    await ctx()
      .db.insert(pushSubscriptions)
      .values({ userId: liked.id, endpoint: subscription.endpoint, ...subscription.keys });
  };
  return { liked, fans, address, like, unlike, choose, subscribe, mails: () => mailsTo(address) };
}

/** docs/product.md §10 Notifications: like pushes and like mails. */
describe('like notifications', () => {
  it('an away member with a browser gets a like push naming the liker, and no mail', async () => {
    const { fans, like, subscribe, mails } = await setUp();
    await subscribe();
    const pushes = pushServiceOf().received.length;
    await like();
    expect(pushServiceOf().received.length).toBe(pushes + 1);
    expect(pushServiceOf().received.at(-1)!.payload).toMatchObject({
      title: expect.stringContaining(`Fan${n}x0`),
      url: `/members/${fans[0]!.id}`,
    });
    expect(mails()).toHaveLength(0);
  });

  it('without a push, an away member gets a like mail with the liker and an unsubscribe link; at most one an hour', async () => {
    const { fans, like, mails } = await setUp(3);
    await like(fans[0]);
    expect(mails()).toHaveLength(1);
    const mail = mails()[0]!;
    expect(mail.subject).toContain(`Fan${n}x0`);
    expect(mail.text).toContain(`/members/${fans[0]!.id}`);
    expect(mail.text).toMatch(/\/unsubscribe\?u=\d+&k=like&s=/);
    await like(fans[1]);
    expect(mails()).toHaveLength(1);
    harness.clock.advance(LIKE_MAIL_INTERVAL_MS);
    await like(fans[2]);
    expect(mails()).toHaveLength(2);
  });

  it('obeys the like switches', async () => {
    const { fans, like, choose, subscribe, mails } = await setUp(2);
    await subscribe();
    expect((await choose({ like_push: false, like_mail: false })).status).toBe(200);
    const pushes = pushServiceOf().received.length;
    await like(fans[0]);
    expect(pushServiceOf().received.length).toBe(pushes);
    expect(mails()).toHaveLength(0);
    // Pushes off, mails on: the mail comes instead of the push.
    expect((await choose({ like_mail: true })).status).toBe(200);
    await like(fans[1]);
    expect(pushServiceOf().received.length).toBe(pushes);
    expect(mails()).toHaveLength(1);
  });

  it('sends nothing while the member has the site open, and a like is announced once a day however often it is repeated', async () => {
    const { liked, like, unlike, mails } = await setUp();
    const presence = await streamOpened(ctx(), liked.id);
    await like();
    expect(mails()).toHaveLength(0);
    await streamClosed(ctx(), presence);
    for (let i = 0; i < 3; i++) {
      await unlike();
      await like();
    }
    expect(mails()).toHaveLength(0);
    harness.clock.advance(LIKE_NOTICE_INTERVAL_MS + 1000);
    await unlike();
    await like();
    expect(mails()).toHaveLength(1);
  });

  it('never mails a deleted account or an unconfirmed address', async () => {
    const { liked, fans, like, mails } = await setUp(2);
    await ctx().db.update(users).set({ status: 'not_confirmed' }).where(eq(users.id, liked.id));
    await like(fans[0]);
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, liked.id));
    await like(fans[1]).catch(() => undefined);
    expect(mails()).toHaveLength(0);
  });
});
