import { and, asc, count, eq, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportListItem, ReportsSla } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { images, profiles, reports } from '../db/schema';
import { mediaUrl } from './media-url';

/** Reports per page of the queue. */
export const REPORTS_PAGE_SIZE = 50;

/** 0 for a report about a minor, 1 for any other: the queue's first sort key. */
const priority = sql<number>`(case when ${reports.reason} = 'underage' then 0 else 1 end)`;

/**
 * docs/product.md §13 Reports queue: open reports, those about minors first, then oldest first
 * (then by id), `limit` at a time. `after` is the id of the last report of the previous page: the
 * next page starts behind it in that order, also when it was resolved meanwhile.
 * @returns the page and whether more follow; `not_found` for an unknown `after`.
 */
export async function listOpenReports(
  ctx: AppContext,
  options: { after?: number; limit?: number } = {},
): Promise<Result<{ reports: ReportListItem[]; hasMore: boolean }, 'not_found'>> {
  const limit = options.limit ?? REPORTS_PAGE_SIZE;
  const now = ctx.clock.now();
  let behind = sql`true`;
  if (options.after !== undefined) {
    const [last] = await ctx.db
      .select({ priority, createdAt: reports.createdAt, id: reports.id })
      .from(reports)
      .where(eq(reports.id, options.after));
    if (!last) return fail('not_found');
    behind = sql`(${priority}, ${reports.createdAt}, ${reports.id}) > (${last.priority}, ${last.createdAt.toISOString()}::timestamptz, ${last.id})`;
  }
  const others = alias(reports, 'others');
  const openAboutMember = ctx.db
    .select({ n: count() })
    .from(others)
    .where(and(eq(others.profileId, reports.profileId), eq(others.status, 'open')));
  const rows = await ctx.db
    .select({
      id: reports.id,
      reason: reports.reason,
      createdAt: reports.createdAt,
      conversationId: reports.conversationId,
      memberId: profiles.id,
      name: profiles.name,
      thumb: images.thumbFilename,
      openReports: sql<number>`(${openAboutMember})`.mapWith(Number),
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.profileId))
    .leftJoin(images, eq(images.id, profiles.mainImageId))
    .where(and(eq(reports.status, 'open'), behind))
    .orderBy(asc(priority), asc(reports.createdAt), asc(reports.id))
    .limit(limit + 1);
  return ok({
    hasMore: rows.length > limit,
    reports: rows.slice(0, limit).map((row) => ({
      id: row.id,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      ageS: ageInSeconds(row.createdAt, now),
      hasConversation: row.conversationId !== null,
      member: {
        id: row.memberId,
        name: row.name,
        thumbUrl: row.thumb ? mediaUrl(row.thumb) : null,
        openReports: row.openReports,
      },
    })),
  });
}

/**
 * docs/product.md §13 Reports queue, the SLA figure: how many reports are open (and how many of
 * them about minors), and the age in seconds of the oldest open one (null when none is).
 */
export async function reportsSla(ctx: AppContext): Promise<ReportsSla> {
  const [row] = await ctx.db
    .select({
      openCount: count(),
      underageCount: sql<number>`count(*) filter (where ${reports.reason} = 'underage')`.mapWith(Number),
      oldest: min(reports.createdAt),
    })
    .from(reports)
    .where(eq(reports.status, 'open'));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    openCount: row?.openCount ?? 0,
    underageCount: row?.underageCount ?? 0,
    oldestAgeS: oldest ? ageInSeconds(oldest, ctx.clock.now()) : null,
  };
}

function ageInSeconds(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}
