import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { accountTokens, outboxMessages } from '../../src/server/db/schema';
import { createMailer, type MailMessage, type Mailer } from '../../src/server/platform/mail/mailer';
import { requestPasswordReset } from '../../src/server/auth/password-reset';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { deliverDueOutbox, pruneOutbox, OUTBOX_KEEP_MS } from '../../src/server/outbox/deliver-outbox';
import { queueMail } from '../../src/server/outbox/outbox';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext({ OUTBOX_RETRY_BASE_MS: '1000' });
const ctx = (mailer?: Mailer): AppContext => ({
  ...harness.ctx(),
  mailer: mailer ?? createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
});
const mail = (to: string, subject = 'Hello'): MailMessage => ({
  from: 'Amora <no-reply@amora.test>',
  to,
  subject,
  text: `secret link https://amora.test/reset-password/do?token=${to}\n`,
  html: '<p>hi</p>',
});
const mailsTo = (address: string) => smtp.received.filter((m) => m.to?.some((to) => to.address === address));
const rowsFor = (address: string) =>
  ctx()
    .db.select()
    .from(outboxMessages)
    .then((rows) =>
      rows.filter((row) => JSON.stringify(row.payload ?? {}).includes(address) || row.purpose === address),
    );

/** docs/architecture.md §5 Outbox. */
describe('outbox of mails and pushes', () => {
  it('a rolled-back transaction sends nothing; a committed one sends once and clears the body', async () => {
    await expect(
      ctx().db.transaction(async (tx) => {
        await queueMail(ctx(), tx, { purpose: 'test', userId: null, message: mail('rolled@example.com') });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx().db.transaction(async (tx) => {
      await queueMail(ctx(), tx, { purpose: 'committed', userId: null, message: mail('kept@example.com') });
    });
    await deliverDueOutbox(ctx());
    expect(mailsTo('rolled@example.com')).toHaveLength(0);
    expect(mailsTo('kept@example.com')).toHaveLength(1);
    const [row] = await rowsFor('committed');
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, payload: null });
    // Delivered rows go after a week; the delivery record stays until then.
    harness.clock.advance(OUTBOX_KEEP_MS + 1000);
    await pruneOutbox(ctx());
    expect(await rowsFor('committed')).toHaveLength(0);
  });

  it('the password-reset link and its mail commit together', async () => {
    const reaId = await createMember(ctx(), { name: 'Rea', email: 'rea@example.com' });
    // A failure after the token was written (here: when the mail is queued) rolls the token back too.
    let calls = 0;
    const broken: AppContext = {
      ...ctx(),
      clock: {
        now: () => {
          if (++calls >= 2) throw new Error('failed mid-transaction');
          return harness.clock.now();
        },
      },
    };
    requestPasswordReset(broken, {
      site: ctx().sites.defaultSite,
      email: 'rea@example.com',
      origin: 'https://amora.test',
    });
    await settleBackgroundMails();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(await ctx().db.select().from(accountTokens).where(eq(accountTokens.userId, reaId))).toHaveLength(0);
    expect(mailsTo('rea@example.com')).toHaveLength(0);
    requestPasswordReset(ctx(), {
      site: ctx().sites.defaultSite,
      email: 'rea@example.com',
      origin: 'https://amora.test',
    });
    await settleBackgroundMails();
    expect(mailsTo('rea@example.com')).toHaveLength(1);
    expect(mailsTo('rea@example.com')[0]!.text).toMatch(/reset-password\/do\?token=/);
  });

  it('retries a refused mail with back-off, records the attempts, and sends it exactly once', async () => {
    let refusals = 0;
    const refusing: Mailer = {
      kind: 'smtp',
      send: () => {
        refusals++;
        return Promise.reject(Object.assign(new Error('421 try later'), { code: 'EENVELOPE' }));
      },
    };
    await queueMail(ctx(), ctx().db, { purpose: 'retry', userId: null, message: mail('retry@example.com') });
    expect(await deliverDueOutbox(ctx(refusing))).toEqual({ attempts: 1, delivered: 0 });
    let [row] = await rowsFor('retry');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'EENVELOPE' });
    expect(row!.payload).not.toBeNull();
    // Not due before its back-off (1 s, then 2 s, …).
    expect(await deliverDueOutbox(ctx(refusing))).toEqual({ attempts: 0, delivered: 0 });
    harness.clock.advance(1000);
    expect(await deliverDueOutbox(ctx(refusing))).toEqual({ attempts: 1, delivered: 0 });
    harness.clock.advance(1999);
    expect(await deliverDueOutbox(ctx(refusing))).toEqual({ attempts: 0, delivered: 0 });
    harness.clock.advance(1);
    expect(await deliverDueOutbox(ctx())).toEqual({ attempts: 1, delivered: 1 });
    expect(refusals).toBe(2);
    harness.clock.advance(60_000);
    await deliverDueOutbox(ctx());
    expect(mailsTo('retry@example.com')).toHaveLength(1);
    [row] = await rowsFor('retry');
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastError: null, payload: null });
  });

  it('a sender that died mid-attempt leaves the mail to the next sender once its lease ends; the Message-ID stays the same', async () => {
    const ids: string[] = [];
    await queueMail(ctx(), ctx().db, { purpose: 'lease', userId: null, message: mail('lease@example.com') });
    // What a sender killed mid-attempt leaves behind: its lease and the counted attempt.
    await ctx()
      .db.update(outboxMessages)
      .set({
        attempts: 1,
        leaseToken: 'dead-sender',
        leaseUntil: new Date(harness.clock.now().getTime() + ctx().config.outbox.timeoutMs + 5_000),
      })
      .where(eq(outboxMessages.purpose, 'lease'));
    // While the lease holds, nobody else sends it.
    expect(await deliverDueOutbox(ctx())).toEqual({ attempts: 0, delivered: 0 });
    harness.clock.advance(ctx().config.outbox.timeoutMs + 5_000);
    const recording: Mailer = {
      kind: 'smtp',
      send: (message) => {
        ids.push(message.messageId!);
        return ctx().mailer.send(message);
      },
    };
    expect(await deliverDueOutbox(ctx(recording))).toEqual({ attempts: 1, delivered: 1 });
    const [row] = await rowsFor('lease');
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(new RegExp(`^<outbox-${row!.id}-${row!.createdAt.getTime()}@[^>]+>$`));
    expect(mailsTo('lease@example.com')).toHaveLength(1);
    expect(mailsTo('lease@example.com')[0]!.messageId).toBe(ids[0]);
  });

  it('two senders (processes) deliver every mail exactly once', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `twin${i}@example.com`);
    await ctx().db.transaction(async (tx) => {
      for (const address of addresses)
        await queueMail(ctx(), tx, { purpose: 'twins', userId: null, message: mail(address) });
    });
    const other = await harness.secondProcess();
    const slow = (base: Mailer): Mailer => ({
      kind: 'smtp',
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return base.send(message);
      },
    });
    const results = await Promise.all([
      deliverDueOutbox(ctx(slow(ctx().mailer))),
      deliverDueOutbox({ ...other, mailer: slow(ctx().mailer) }),
      deliverDueOutbox(ctx(slow(ctx().mailer))),
    ]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(30);
    for (const address of addresses) expect(mailsTo(address)).toHaveLength(1);
    const rows = await ctx().db.select().from(outboxMessages).where(eq(outboxMessages.purpose, 'twins'));
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
  });
});
