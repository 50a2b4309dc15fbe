import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, messages, profiles, reports, sessions, users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { reportEndpoint } from '../../src/server/http/endpoints/safety';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { callApi } from '../helpers/api';
import { useRecordedMails } from '../helpers/recorded-mails';
import { addImage, createMember } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { loggedInMember } from '../helpers/session';

const { ctx, clock, sent } = useRecordedMails();
const MINUTE = 60_000;

/** `reporter` reports `profile` through the member API (optionally from their conversation). */
async function report(
  reporter: { cookie: string },
  profile: number,
  reason = 'spam',
  extra: { conversation?: number; details?: string } = {},
) {
  const answer = await callApi(ctx(), reportEndpoint, '/api/report.php', {
    method: 'POST',
    cookie: reporter.cookie,
    body: { profile, reason, ...extra },
  });
  expect(answer.status).toBe(200);
  const [row] = await ctx().db.select({ id: reports.id }).from(reports).orderBy(desc(reports.id)).limit(1);
  return row!.id;
}
const reportRow = async (id: number) => (await ctx().db.select().from(reports).where(eq(reports.id, id)))[0]!;
const auditOf = (reportId: number) => ctx().db.select().from(auditLog).where(eq(auditLog.reportId, reportId));
const moderator = () => loggedInOperator(ctx(), 'moderator');
const act = (cookie: string, reportId: number, body: unknown) =>
  callAdmin(ctx(), `/admin/api/reports/${reportId}/actions`, { method: 'POST', cookie, body });
const mailsTo = (address: string) => sent.filter((mail) => mail.to === address);

describe('reports queue (docs/product.md §13 Reports queue)', () => {
  it('lists open reports about minors first, then oldest first, pages on, and gives the SLA figure', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const targets = await Promise.all(['Ann', 'Bea', 'Cid', 'Dan'].map((name) => createMember(ctx(), { name })));
    const photo = await addImage(ctx(), targets[0]!);
    await ctx().db.update(profiles).set({ mainImageId: photo }).where(eq(profiles.id, targets[0]!));
    const oldSpam = await report(rita, targets[0]!, 'spam');
    clock.advance(10 * MINUTE);
    const fake = await report(rita, targets[1]!, 'fake');
    clock.advance(10 * MINUTE);
    const minor = await report(rita, targets[2]!, 'underage');
    clock.advance(10 * MINUTE);
    const again = await report(rita, targets[0]!, 'harassment');
    const resolved = await report(rita, targets[3]!, 'other');
    await ctx().db.update(reports).set({ status: 'reviewed', outcome: 'dismissed' }).where(eq(reports.id, resolved));
    clock.advance(5 * MINUTE);

    const op = await moderator();
    const queue = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie });
    expect(queue.status).toBe(200);
    expect(queue.json.reports.map((r: { id: number }) => r.id)).toEqual([minor, oldSpam, fake, again]);
    expect(queue.json.hasMore).toBe(false);
    const first = queue.json.reports[1];
    expect(first).toMatchObject({
      reason: 'spam',
      hasConversation: false,
      member: { id: targets[0], name: 'Ann', thumbUrl: `/media/p/${targets[0]}-0-t.webp` },
    });
    expect(first.member.openReports).toBe(2);
    // The loggedInOperator call moved the clock 30 s on.
    expect(first.ageS).toBe(35 * 60 + 30);
    expect(queue.json.sla).toEqual({ openCount: 4, underageCount: 1, oldestAgeS: 35 * 60 + 30 });

    const next = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie, query: { after: oldSpam } });
    expect(next.json.reports.map((r: { id: number }) => r.id)).toEqual([fake, again]);
    const unknown = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie, query: { after: 9999 } });
    expect(unknown.status).toBe(404);
  });

  it('has no SLA age and an empty queue when nothing is open', async () => {
    const op = await moderator();
    const queue = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie });
    expect(queue.json).toEqual({
      reports: [],
      hasMore: false,
      sla: { openCount: 0, underageCount: 0, oldestAgeS: null },
    });
  });

  it("shows a conversation's last 20 messages only for a report made from that conversation", async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await loggedInMember(ctx(), 'Mark', { personal: 'Hi <b>there</b>', city: 'Utrecht' });
    await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, rita.id));
    await ctx().db.update(users).set({ credits: 100 }).where(eq(users.id, mark.id));
    const started = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
      cookie: rita.cookie,
      query: { profile: mark.id },
    });
    const conversation = started.json.id as number;
    for (let i = 1; i <= 22; i++) {
      const from = i % 2 ? mark : rita;
      const answer = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
        method: 'POST',
        cookie: from.cookie,
        body: { conversation, text: `<i>message ${i}</i>` },
      });
      expect(answer.status).toBe(200);
    }
    await ctx()
      .db.insert(messages)
      .values({
        conversationId: conversation,
        senderId: mark.id,
        gif: { id: 'g1', url: '/gifs/g1.gif', preview: '/gifs/g1.png', width: 10, height: 10, title: 'wave' },
      });
    const fromChat = await report(rita, mark.id, 'harassment', { conversation, details: 'He keeps writing' });
    const plain = await report(rita, mark.id, 'spam');

    const op = await moderator();
    const detail = await callAdmin(ctx(), `/admin/api/reports/${fromChat}`, { cookie: op.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: fromChat,
      reason: 'harassment',
      details: 'He keeps writing',
      status: 'open',
      outcome: null,
      reporter: { id: rita.id, name: 'Rita' },
      member: { memberId: mark.id, name: 'Mark', about: 'Hi <b>there</b>', city: 'Utrecht', openReports: 2 },
    });
    const shown = detail.json.conversation.messages as { text: string; byReported: boolean; senderName: string }[];
    expect(detail.json.conversation.id).toBe(conversation);
    expect(shown).toHaveLength(20);
    expect(shown[0]!.text).toBe('<i>message 4</i>');
    expect(shown.at(-1)).toMatchObject({ text: '[GIF]', byReported: true, senderName: 'Mark' });
    expect(shown.at(-2)).toMatchObject({ text: '<i>message 22</i>', byReported: false, senderName: 'Rita' });

    const without = await callAdmin(ctx(), `/admin/api/reports/${plain}`, { cookie: op.cookie });
    expect(without.json.conversation).toBeNull();
    expect((await callAdmin(ctx(), '/admin/api/reports/9999', { cookie: op.cookie })).status).toBe(404);
    const listed = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie });
    expect(listed.json.reports.map((r: { hasConversation: boolean }) => r.hasConversation)).toEqual([true, false]);
  });
});

describe('working a report (docs/product.md §13 Reports queue)', () => {
  it('dismisses: the report is resolved with its audit row, the member untouched, the reporter not mailed', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark', personal: 'About me' });
    const id = await report(rita, mark);
    const op = await moderator();
    const answer = await act(op.cookie, id, { action: 'dismiss', note: 'Nothing wrong' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      reportId: id,
      outcome: 'dismissed',
      member: { memberId: mark, visible: true },
    });
    expect(await reportRow(id)).toMatchObject({ status: 'reviewed', outcome: 'dismissed', resolvedBy: op.id });
    expect((await reportRow(id)).resolvedAt).toEqual(clock.now());
    const [entry, ...more] = await auditOf(id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'report.dismiss',
      objectType: 'report',
      objectId: String(id),
      operatorId: op.id,
      after: { status: 'reviewed', outcome: 'dismissed', reason: 'Nothing wrong' },
    });
    await settleBackgroundMails();
    expect(sent).toHaveLength(0);
    const queue = await callAdmin(ctx(), '/admin/api/reports', { cookie: op.cookie });
    expect(queue.json.reports).toEqual([]);
  });

  it('answers conflict on a report that was resolved already, and changes nothing', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark' });
    const id = await report(rita, mark);
    const op = await moderator();
    expect((await act(op.cookie, id, { action: 'dismiss' })).status).toBe(200);
    const late = await act(op.cookie, id, { action: 'ban' });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('conflict');
    const [user] = await ctx().db.select().from(users).where(eq(users.id, mark));
    expect(user!.bannedAt).toBeNull();
    expect(await auditOf(id)).toHaveLength(1);
    expect((await act(op.cookie, 9999, { action: 'dismiss' })).status).toBe(404);
  });

  it('lets only one of two moderators acting at once resolve a report', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark' });
    const id = await report(rita, mark);
    const first = await moderator();
    const second = await loggedInOperator(ctx(), 'admin');
    const answers = await Promise.all([
      act(first.cookie, id, { action: 'suspend', days: 2 }),
      act(second.cookie, id, { action: 'dismiss' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('warns: the member gets a warning mail in their language, the reporter a notice without details', async () => {
    const rita = await loggedInMember(ctx(), 'Rita', { language: 'de' });
    const mark = await createMember(ctx(), { name: 'Mark', email: 'mark@example.com', language: 'fr' });
    const id = await report(rita, mark, 'spam', { details: 'Sells things' });
    const op = await moderator();
    const answer = await act(op.cookie, id, { action: 'warn' });
    expect(answer.json.outcome).toBe('warned');
    expect(await reportRow(id)).toMatchObject({ status: 'reviewed', outcome: 'warned' });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'member.warn', objectId: String(mark), reportId: id });
    await settleBackgroundMails();
    const [warning] = mailsTo('mark@example.com');
    expect(warning!.subject).toBe('Un avertissement concernant votre compte Amora');
    expect(warning!.text).toContain('/pages/terms');
    const [notice] = mailsTo('rita@example.com');
    expect(notice!.subject).toBe('Deine Meldung bei Amora');
    expect(notice!.text).toContain('das gemeldete Profil');
    for (const secret of ['Mark', 'Sells things', 'verwarn', 'Verwarn']) expect(notice!.text).not.toContain(secret);
  });

  it('removes one photo of the reported member (not another member’s) and clears the about-me', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark', personal: 'Call me on 0612345678' });
    const first = await addImage(ctx(), mark, 0);
    const second = await addImage(ctx(), mark, 1);
    await ctx().db.update(profiles).set({ mainImageId: first }).where(eq(profiles.id, mark));
    const ritasPhoto = await addImage(ctx(), rita.id, 0);
    const photoReport = await report(rita, mark, 'inappropriate');
    const aboutReport = await report(rita, mark, 'spam');
    const op = await moderator();

    const wrong = await act(op.cookie, photoReport, { action: 'remove_photo', photoId: ritasPhoto });
    expect(wrong.status).toBe(404);
    expect((await reportRow(photoReport)).status).toBe('open');
    const removed = await act(op.cookie, photoReport, { action: 'remove_photo', photoId: first });
    expect(removed.json.outcome).toBe('photo_removed');
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, mark));
    expect(profile!.mainImageId).toBe(second);
    const detail = await callAdmin(ctx(), `/admin/api/reports/${photoReport}`, { cookie: op.cookie });
    expect(detail.json.member.photos.map((p: { id: number }) => p.id)).toEqual([second]);
    expect(detail.json).toMatchObject({ status: 'reviewed', outcome: 'photo_removed' });
    expect((await auditOf(photoReport))[0]).toMatchObject({
      action: 'photo.remove',
      objectType: 'photo',
      objectId: String(first),
      before: { memberId: mark, filename: `p/${mark}-0.webp` },
    });

    const cleared = await act(op.cookie, aboutReport, { action: 'clear_about' });
    expect(cleared.json.outcome).toBe('about_cleared');
    const [after] = await ctx().db.select().from(profiles).where(eq(profiles.id, mark));
    expect(after!.personal).toBeNull();
    const [entry] = await auditOf(aboutReport);
    expect(entry).toMatchObject({
      action: 'member.clear_about',
      before: { aboutLength: 21 },
      after: { aboutLength: 0 },
    });
    expect(JSON.stringify(entry)).not.toContain('0612345678');
  });

  it('suspends and bans from a report: sessions end, the profile is hidden, the reporter is told', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await loggedInMember(ctx(), 'Mark');
    const paul = await loggedInMember(ctx(), 'Paul');
    const suspendReport = await report(rita, mark.id, 'harassment');
    const banReport = await report(rita, paul.id, 'fake');
    const op = await moderator();

    const suspended = await act(op.cookie, suspendReport, { action: 'suspend', days: 7 });
    expect(suspended.status).toBe(200);
    const until = new Date(clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString();
    expect(suspended.json).toMatchObject({ outcome: 'suspended', member: { suspendedUntil: until, visible: false } });
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, mark.id))).toEqual([]);
    expect((await auditOf(suspendReport))[0]).toMatchObject({
      action: 'member.suspend',
      before: { suspendedUntil: null, isVisible: true },
      after: { suspendedUntil: until, isVisible: false },
    });

    const banned = await act(op.cookie, banReport, { action: 'ban', note: 'Stolen photos' });
    expect(banned.json).toMatchObject({ outcome: 'banned', member: { visible: false } });
    expect(banned.json.member.bannedAt).toBe(clock.now().toISOString());
    expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, paul.id))).toEqual([]);
    expect((await auditOf(banReport))[0]).toMatchObject({ action: 'member.ban', after: { reason: 'Stolen photos' } });
    await settleBackgroundMails();
    expect(mailsTo('rita@example.com')).toHaveLength(2);
    expect(mailsTo('mark@example.com')).toHaveLength(0);
    expect((await act(op.cookie, suspendReport, { action: 'dismiss' })).status).toBe(409);
  });

  it('refuses a suspension outside 1–365 days', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark' });
    const id = await report(rita, mark);
    const op = await moderator();
    expect((await act(op.cookie, id, { action: 'suspend', days: 0 })).status).toBe(422);
    expect((await act(op.cookie, id, { action: 'suspend', days: 366 })).status).toBe(422);
    expect((await act(op.cookie, id, { action: 'suspend' })).status).toBe(422);
    expect((await reportRow(id)).status).toBe('open');
  });

  it('is refused to support and finance operators', async () => {
    const rita = await loggedInMember(ctx(), 'Rita');
    const mark = await createMember(ctx(), { name: 'Mark' });
    const id = await report(rita, mark);
    for (const role of ['support', 'finance'] as const) {
      const { cookie } = await loggedInOperator(ctx(), role);
      for (const [path, method, body] of [
        ['/admin/api/reports', 'GET', undefined],
        [`/admin/api/reports/${id}`, 'GET', undefined],
        [`/admin/api/reports/${id}/actions`, 'POST', { action: 'dismiss' }],
      ] as const) {
        const answer = await callAdmin(ctx(), path, { method, cookie, body });
        expect(answer.status, `${role} ${path}`).toBe(403);
        expect(answer.json.error.code).toBe('forbidden');
      }
    }
    expect((await reportRow(id)).status).toBe('open');
    const admin = await loggedInOperator(ctx(), 'admin');
    expect((await callAdmin(ctx(), `/admin/api/reports/${id}`, { cookie: admin.cookie })).status).toBe(200);
  });
});
