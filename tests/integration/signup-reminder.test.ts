import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/server/platform/accounts/sessions';
import type { AppContext } from '../../src/server/context';
import { queryRows } from '../../src/server/db/raw';
import { users } from '../../src/server/db/schema';
import { completeSignupLinkResponse } from '../../src/server/http/complete-signup-link';
import { deliverDueOutbox } from '../../src/server/outbox/deliver-outbox';
import { periodicJobs } from '../../src/server/lifecycle/periodic-jobs';
import { createMailer, type Mailer } from '../../src/server/platform/mail/mailer';
import { remindersDue, sendSignupReminders, useCompleteSignupLink } from '../../src/server/signup/signup-reminder';
import { ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext();
const ctx = (mailer?: Mailer): AppContext => ({
  ...harness.ctx(),
  mailer: mailer ?? createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
});
const HOUR = 60 * 60_000;
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to?.[0]?.address === address);

/** A member who signed up now and stopped after `step`. */
async function stoppedAt(name: string, step: number, extra: Parameters<typeof createMember>[1] = {}) {
  const id = await createMember(ctx(), {
    name,
    email: `${name.toLowerCase()}@example.com`,
    lastSignupStep: step,
    ...extra,
  });
  await ctx().db.update(users).set({ createdAt: harness.clock.now() }).where(eq(users.id, id));
  return id;
}
function tokenOf(address: string): string {
  const link = /\/complete-signup\?token=([\w-]{43})/.exec(mailsTo(address).at(-1)?.text ?? '');
  expect(link).not.toBeNull();
  return link![1]!;
}
const openLink = (token: string, cookie?: string) =>
  completeSignupLinkResponse(ctx(), {
    request: new Request(`${ORIGIN}/complete-signup?token=${token}`, { headers: cookie ? { cookie } : {} }),
    url: new URL(`${ORIGIN}/complete-signup?token=${token}`),
    clientAddress: '203.0.113.9',
    locals: { secureCookies: false },
  });

describe('complete-signup reminder (docs/product.md §10)', () => {
  it('is registered as a periodic job', () => {
    expect(periodicJobs().some((job) => job.name === 'signup-reminder')).toBe(true);
  });

  it('mails a member who stopped the wizard once, after 24 hours and not before, in their language', async () => {
    const id = await stoppedAt('Ada', 3, { language: 'nl' });
    harness.clock.advance(23 * HOUR);
    expect(await sendSignupReminders(ctx())).toBe(0);
    harness.clock.advance(HOUR);
    expect(await sendSignupReminders(ctx())).toBe(1);
    const [mail] = mailsTo('ada@example.com');
    expect(mail!.subject).toBe('Je profiel op Amora is bijna klaar');
    expect(mail!.text).toContain('Ada');
    tokenOf('ada@example.com');
    const [row] = await ctx().db.select().from(users).where(eq(users.id, id));
    expect(row!.signupReminderSentAt).toEqual(harness.clock.now());
    harness.clock.advance(3 * 24 * HOUR);
    expect(await sendSignupReminders(ctx())).toBe(0);
    expect(mailsTo('ada@example.com')).toHaveLength(1);
  });

  it('leaves completed, deleted, demo and long-gone members alone', async () => {
    await stoppedAt('Done', 7);
    await stoppedAt('Gone', 2, { status: 'deleted' });
    const demo = await stoppedAt('Demo', 1);
    await ctx().db.update(users).set({ isDemo: true }).where(eq(users.id, demo));
    const old = await stoppedAt('Old', 2);
    await ctx()
      .db.update(users)
      .set({ createdAt: new Date(harness.clock.now().getTime() - 40 * 24 * HOUR) })
      .where(eq(users.id, old));
    harness.clock.advance(25 * HOUR);
    expect(await sendSignupReminders(ctx())).toBe(0);
    expect(smtp.received.filter((m) => /^(done|gone|demo|old)@/.test(m.to?.[0]?.address ?? ''))).toHaveLength(0);
  });

  it('finds due members through its partial index, not by reading every member', async () => {
    // With a handful of rows the planner would read the table anyway; forbidding that shows whether
    // the index can answer the query at all (it cannot once the query's conditions stop implying the
    // index's, and the sweep then reads every member every 10 minutes in every process).
    const db = ctx().db;
    await db.execute(sql`SET enable_seqscan = off`);
    try {
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`EXPLAIN ${remindersDue(ctx(), harness.clock.now())}`,
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('users_signup_reminder_due_idx');
    } finally {
      await db.execute(sql`RESET enable_seqscan`);
    }
  });

  it('never mails twice when two processes run at once', async () => {
    await stoppedAt('Twin', 4);
    harness.clock.advance(25 * HOUR);
    const other = await harness.secondProcess();
    const results = await Promise.all([
      sendSignupReminders(ctx()),
      sendSignupReminders({ ...other, mailer: ctx().mailer }),
    ]);
    expect(results[0]! + results[1]!).toBe(1);
    expect(mailsTo('twin@example.com')).toHaveLength(1);
  });

  it('keeps a reminder the mail server refused in the outbox and sends it on the next attempt, once', async () => {
    const id = await stoppedAt('Retry', 2);
    harness.clock.advance(25 * HOUR);
    const failing: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('421 try later')),
    };
    expect(await sendSignupReminders(ctx(failing))).toBe(1);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, id));
    expect(row!.signupReminderSentAt).not.toBeNull();
    expect(mailsTo('retry@example.com')).toHaveLength(0);
    // The next run claims nobody new; the outbox's retry (after its back-off) sends the queued mail.
    expect(await sendSignupReminders(ctx())).toBe(0);
    harness.clock.advance(60_000);
    await deliverDueOutbox(ctx());
    expect(mailsTo('retry@example.com')).toHaveLength(1);
    await deliverDueOutbox(ctx());
    expect(mailsTo('retry@example.com')).toHaveLength(1);
  });

  it('the link logs the member in once and resumes the wizard; used or expired links go to the error page', async () => {
    const id = await stoppedAt('Bo', 3);
    harness.clock.advance(25 * HOUR);
    await sendSignupReminders(ctx());
    const token = tokenOf('bo@example.com');

    const opened = await openLink(token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/signup');
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^amora_session=[\w-]+;.*HttpOnly/i);
    const session = await readSession(ctx(), /^amora_session=([\w-]+)/.exec(cookie)![1], 'amora');
    expect(session?.userId).toBe(id);

    const reused = await openLink(token);
    expect(reused.headers.get('location')).toBe('/complete-signup/error?reason=invalid');
    expect(reused.headers.get('set-cookie')).toBeNull();
    expect((await openLink('nonsense')).headers.get('location')).toBe('/complete-signup/error?reason=invalid');
  });

  it('expires the link after 7 days and refuses it for an account deleted since', async () => {
    const late = await stoppedAt('Late', 2);
    const gone = await stoppedAt('Soon', 2);
    harness.clock.advance(25 * HOUR);
    await sendSignupReminders(ctx());
    const lateToken = tokenOf('late@example.com');
    const goneToken = tokenOf('soon@example.com');
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, gone));
    expect(await useCompleteSignupLink(ctx(), goneToken)).toMatchObject({ ok: false, code: 'invalid_token' });
    harness.clock.advance(7 * 24 * HOUR);
    expect((await openLink(lateToken)).headers.get('location')).toBe('/complete-signup/error?reason=expired');
    expect(late).toBeGreaterThan(0);
  });

  it('a member logged in as someone else who opens the link becomes the link’s member', async () => {
    const id = await stoppedAt('Cy', 5);
    harness.clock.advance(25 * HOUR);
    await sendSignupReminders(ctx());
    const opened = await openLink(tokenOf('cy@example.com'), 'amora_session=someone-elses-token');
    const session = await readSession(
      ctx(),
      /^amora_session=([\w-]+)/.exec(opened.headers.get('set-cookie')!)![1],
      'amora',
    );
    expect(session?.userId).toBe(id);
  });
});
