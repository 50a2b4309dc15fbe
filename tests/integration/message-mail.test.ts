import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../src/server/platform/mail/mailer';
import { messageMailLog, notificationSettings, pushSubscriptions, users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { handleUnsubscribeRequest } from '../../src/server/http/unsubscribe-request';
import { pushMessageIfOffline, settleMessageNotifications } from '../helpers/message-notify';
import { MESSAGE_MAIL_INTERVAL_MS } from '../../src/server/outbox/message-mail';
import { deliverDueOutbox } from '../../src/server/outbox/deliver-outbox';
import { streamClosed, streamOpened } from '../../src/server/realtime/presence';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { usePushService } from '../helpers/push-service';
import { loggedInMember } from '../helpers/session';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();

const harness = useTestContext({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });
const { clock } = harness;
const pushServiceOf = usePushService();
const PRIVATE = 'my secret plan for saturday';

/** Anna (with credits) and Ben (English, no push) in one conversation; `send` posts as Anna and waits for the notifications. */
async function pair() {
  const anna = await loggedInMember(ctx(), 'Anna');
  const ben = await loggedInMember(ctx(), 'Ben', { language: 'en' });
  await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, anna.id));
  const id = (await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } }))
    .json.id as number;
  const post = (text: string) =>
    callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation: id, text },
    });
  const send = async (text = PRIVATE) => {
    const answer = await post(text);
    expect(answer.status).toBe(200);
    await settleMessageNotifications();
    return answer.json.message;
  };
  const choose = (body: Record<string, boolean>) =>
    callApi(ctx(), notificationsEndpoint, '/api/notifications.php', { method: 'PUT', cookie: ben.cookie, body });
  return { anna, ben, id, post, send, choose };
}
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to?.some((to) => to.address === address));
const header = (mail: (typeof smtp.received)[number], name: string) =>
  mail.headers.find((h) => h.key === name.toLowerCase())?.value;

/** docs/product.md §10 Notifications: message mails. */
describe('message mails', () => {
  it('mails an away member once for a burst of messages, again only after the hour', async () => {
    const { ben, post, send } = await pair();
    const before = mailsTo('ben@example.com').length;
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => post(`${PRIVATE} ${n}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await settleMessageNotifications();
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
    clock.advance(MESSAGE_MAIL_INTERVAL_MS - 60_000);
    await send();
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
    clock.advance(60_000);
    await send();
    expect(mailsTo('ben@example.com').length).toBe(before + 2);
    const [log] = await ctx().db.select().from(messageMailLog).where(eq(messageMailLog.userId, ben.id));
    expect(log!.lastSentAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('says who wrote and links the chat, never the message text; one-click unsubscribe headers', async () => {
    const { ben, id, send } = await pair();
    await send();
    const mail = mailsTo('ben@example.com').at(-1)!;
    expect(mail.subject).toBe('Anna sent you a message on Amora');
    expect(mail.text).toContain('Hi Ben,');
    expect(mail.text).toContain(`/chats/${id}`);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('secret plan');
    const unsubscribe = header(mail, 'List-Unsubscribe')!;
    expect(unsubscribe).toMatch(new RegExp(`^<https?://[^>]+/unsubscribe\\?u=${ben.id}&k=message&s=[\\w-]+>$`));
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('/unsubscribe?u=');
  });

  it('the unsubscribe link of the mail turns message mails off without a session', async () => {
    const { ben, send } = await pair();
    await send();
    const link = header(mailsTo('ben@example.com').at(-1)!, 'List-Unsubscribe')!.slice(1, -1);
    const oneClick = new Request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await handleUnsubscribeRequest(ctx(), oneClick)).toEqual({ state: 'done', kind: 'message' });
    const [settings] = await ctx()
      .db.select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, ben.id));
    expect(settings!.messageMail).toBe(false);
    const count = mailsTo('ben@example.com').length;
    clock.advance(MESSAGE_MAIL_INTERVAL_MS * 2);
    await send();
    expect(mailsTo('ben@example.com').length).toBe(count);
  });

  it('never mails a member who opted out', async () => {
    const { choose, send } = await pair();
    expect((await choose({ message_mail: false })).status).toBe(200);
    const before = mailsTo('ben@example.com').length;
    await send();
    clock.advance(MESSAGE_MAIL_INTERVAL_MS * 3);
    await send();
    expect(mailsTo('ben@example.com').length).toBe(before);
  });

  it('sends nothing while the recipient has an open stream in any process', async () => {
    const { ben, send } = await pair();
    const presence = await streamOpened(ctx(), ben.id);
    const before = mailsTo('ben@example.com').length;
    const message = await send();
    expect(await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message)).toBe(0);
    expect(mailsTo('ben@example.com').length).toBe(before);
    await streamClosed(ctx(), presence);
    await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message);
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
  });

  it('a push that reached the member replaces the mail; with message pushes off they get the mail', async () => {
    const { ben, choose, send } = await pair();
    const subscription = pushServiceOf().createSubscription();
    await ctx()
      .db.insert(pushSubscriptions)
      .values({ userId: ben.id, endpoint: subscription.endpoint, ...subscription.keys });
    const pushes = pushServiceOf().received.length;
    const before = mailsTo('ben@example.com').length;
    await send();
    expect(pushServiceOf().received.length).toBe(pushes + 1);
    expect(mailsTo('ben@example.com').length).toBe(before);
    await choose({ message_push: false });
    await send();
    expect(pushServiceOf().received.length).toBe(pushes + 1);
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
  });

  it('never mails deleted accounts or unconfirmed addresses', async () => {
    const { ben, send } = await pair();
    const message = await send();
    const before = mailsTo('ben@example.com').length;
    for (const status of ['deleted', 'not_confirmed'] as const) {
      await ctx().db.update(users).set({ status }).where(eq(users.id, ben.id));
      clock.advance(MESSAGE_MAIL_INTERVAL_MS * 2);
      await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message);
    }
    expect(mailsTo('ben@example.com').length).toBe(before);
  });

  it('mails only once when two processes notify at the same moment', async () => {
    const { ben, send } = await pair();
    const message = await send();
    clock.advance(MESSAGE_MAIL_INTERVAL_MS);
    const before = mailsTo('ben@example.com').length;
    const other = { ...(await harness.secondProcess()), mailer: smtp.mailer() };
    await Promise.all([
      pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message),
      pushMessageIfOffline(other, other.sites.defaultSite, ben.id, message),
      pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, message),
    ]);
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
  });

  it('a failing mail server never fails the message; the outbox sends the mail once it is back', async () => {
    const { ben, id, anna } = await pair();
    const broken = { ...ctx(), mailer: { kind: 'smtp', send: () => Promise.reject(new Error('down')) } as Mailer };
    const answer = await callApi(broken, messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation: id, text: 'hello' },
    });
    expect(answer.status).toBe(200);
    await settleMessageNotifications();
    const before = mailsTo('ben@example.com').length;
    // The hour stays claimed by the queued mail: another message does not queue a second one.
    await pushMessageIfOffline(ctx(), ctx().sites.defaultSite, ben.id, answer.json.message);
    expect(mailsTo('ben@example.com').length).toBe(before);
    clock.advance(60_000);
    await deliverDueOutbox(ctx());
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
    clock.advance(60 * 60_000);
    await deliverDueOutbox(ctx());
    expect(mailsTo('ben@example.com').length).toBe(before + 1);
  });
});
