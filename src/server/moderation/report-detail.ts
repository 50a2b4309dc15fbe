import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { ReportDetail, ReportMessage } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { images, messages, profiles, reports, users } from '../db/schema';
import { ageOn } from '../platform/accounts/age';
import { mediaUrl } from './media-url';
import { memberModerationView } from './member-state';

/** Messages of the reported conversation shown with a report. */
export const REPORT_MESSAGES_SHOWN = 20;

/**
 * docs/product.md §13 Reports queue: one report with what a moderator needs to decide: the
 * reason and the reporter's note, the reported member's profile (about-me, photos except rejected
 * ones, account state, how many reports about them are open) and, only for a report made from a
 * conversation, that conversation's last REPORT_MESSAGES_SHOWN messages, oldest first (a GIF
 * shows as `[GIF]`). Open and resolved reports alike.
 * @returns `not_found` for an unknown id.
 */
export async function getReportDetail(ctx: AppContext, reportId: number): Promise<Result<ReportDetail, 'not_found'>> {
  const [report] = await ctx.db.select().from(reports).where(eq(reports.id, reportId));
  if (!report) return fail('not_found');
  const [member] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, report.profileId));
  const [reporter] = await ctx.db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, report.reporterId));
  if (!member) return fail('not_found');
  const photos = await ctx.db
    .select()
    .from(images)
    .where(and(eq(images.profileId, member.profile.id), ne(images.reviewStatus, 'rejected')))
    .orderBy(asc(images.position), asc(images.id));
  const [open] = await ctx.db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.profileId, member.profile.id), eq(reports.status, 'open')));
  const mainId = photos.find((photo) => photo.id === member.profile.mainImageId)?.id ?? photos[0]?.id ?? null;
  return ok({
    id: report.id,
    reason: report.reason,
    details: report.details,
    createdAt: report.createdAt.toISOString(),
    status: report.status,
    outcome: report.outcome,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: { id: report.reporterId, name: reporter?.name ?? '' },
    member: {
      ...memberModerationView(member.user, member.profile, ctx.clock.now()),
      name: member.profile.name,
      age: ageOn(member.profile.dateOfBirth, ctx.clock.now()),
      gender: member.profile.gender,
      country: member.profile.country,
      city: member.profile.city,
      about: member.profile.personal,
      site: member.user.site,
      joinedAt: member.user.createdAt.toISOString(),
      lastActiveAt: member.profile.lastActiveAt.toISOString(),
      photos: photos.map((photo) => ({
        id: photo.id,
        url: mediaUrl(photo.filename),
        thumbUrl: mediaUrl(photo.thumbFilename),
        isMain: photo.id === mainId,
        reviewStatus: photo.reviewStatus,
        nudity: photo.nudity,
      })),
      openReports: open?.n ?? 0,
    },
    conversation:
      report.conversationId === null
        ? null
        : {
            id: report.conversationId,
            messages: await lastMessages(ctx.db, report.conversationId, report.profileId),
          },
  });
}

/** The last REPORT_MESSAGES_SHOWN messages of a conversation, oldest first. */
async function lastMessages(db: Db, conversationId: number, reportedId: number): Promise<ReportMessage[]> {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderName: profiles.name,
      text: messages.text,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(REPORT_MESSAGES_SHOWN);
  return rows.reverse().map((row) => ({
    id: row.id,
    senderId: row.senderId,
    senderName: row.senderName,
    byReported: row.senderId === reportedId,
    text: row.text ?? '[GIF]',
    createdAt: row.createdAt.toISOString(),
  }));
}
