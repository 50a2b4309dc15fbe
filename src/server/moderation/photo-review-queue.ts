import { and, asc, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PhotoForReview, PhotoScreeningView } from '~/shared/contracts/admin/photos';
import type { AppContext } from '../context';
import { images, profiles, users, type PhotoScreening } from '../db/schema';
import { isUnscored, MIN_APPARENT_AGE } from './screen-photo';

/** Where a queue page starts: after the photo with this priority, upload time (µs since 1970) and id. */
interface QueueCursor {
  priority: number;
  micros: string;
  id: number;
}

/** `"<priority>.<µs>.<id>"` (the contract checked its form) as a cursor. */
function parseCursor(after: string): QueueCursor {
  const [priority, micros, id] = after.split('.');
  return { priority: Number(priority), micros: micros!, id: Number(id) };
}

/** Photos after `cursor` in the queue order (review_priority DESC, created_at ASC, id ASC). */
function afterCursor(cursor: QueueCursor): SQL {
  const at = sql`('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond')`;
  return or(
    lt(images.reviewPriority, cursor.priority),
    and(eq(images.reviewPriority, cursor.priority), sql`(${images.createdAt}, ${images.id}) > (${at}, ${cursor.id})`),
  )!;
}

/** The screening's scores as the console shows them (docs/product.md §13 Screening); null while not screened. */
export function screeningView(screening: PhotoScreening | null): PhotoScreeningView | null {
  if (!screening) return null;
  const scored = !isUnscored(screening);
  const youngestAge = typeof screening.youngestAge === 'number' ? screening.youngestAge : null;
  return {
    scored,
    unscoredReason: scored ? null : screening.model.slice(screening.model.indexOf(':') + 1),
    // The score `isExplicit` compares with its threshold: Porn + Hentai.
    explicit: Math.min(1, (screening.nsfw.Porn ?? 0) + (screening.nsfw.Hentai ?? 0)),
    sexy: screening.nsfw.Sexy ?? 0,
    faces: typeof screening.faces === 'number' ? screening.faces : null,
    youngestAge,
    looksUnderage: youngestAge !== null && youngestAge < MIN_APPARENT_AGE,
    model: screening.model,
  };
}

export interface PhotoQueuePage {
  photos: PhotoForReview[];
  /** Pending photos of the filter, all pages. */
  total: number;
  /** The `after` of the next page, null on the last. */
  next: string | null;
}

/**
 * docs/product.md §13 Photo review: the photos waiting for review (`review_status = 'pending'`),
 * highest `review_priority` first (explicit or looking under 21, then no face or not scorable, then
 * the rest), oldest upload first within a priority; `limit` per page, keyset-paged by `after` (the
 * `next` of the page before), so photos reviewed meanwhile never make the next page skip one.
 * `site` (package name) keeps to one site's members. @throws database errors.
 */
export async function photoReviewQueue(
  ctx: AppContext,
  input: { after?: string; limit: number; site?: string },
): Promise<PhotoQueuePage> {
  const filter = and(eq(images.reviewStatus, 'pending'), input.site ? eq(users.site, input.site) : undefined);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        id: images.id,
        filename: images.filename,
        thumbFilename: images.thumbFilename,
        width: images.width,
        height: images.height,
        createdAt: images.createdAt,
        micros: sql<string>`(extract(epoch from ${images.createdAt}) * 1000000)::bigint::text`,
        reviewPriority: images.reviewPriority,
        nudity: images.nudity,
        screening: images.screening,
        memberId: profiles.id,
        memberName: profiles.name,
        mainImageId: profiles.mainImageId,
        site: users.site,
      })
      .from(images)
      .innerJoin(profiles, eq(profiles.id, images.profileId))
      .innerJoin(users, eq(users.id, images.profileId))
      .where(and(filter, input.after ? afterCursor(parseCursor(input.after)) : undefined))
      .orderBy(desc(images.reviewPriority), asc(images.createdAt), asc(images.id))
      .limit(input.limit + 1),
    ctx.db.select({ value: count() }).from(images).innerJoin(users, eq(users.id, images.profileId)).where(filter),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    photos: page.map((row) => ({
      id: row.id,
      filename: row.filename,
      thumbFilename: row.thumbFilename,
      width: row.width,
      height: row.height,
      uploadedAt: row.createdAt.toISOString(),
      memberId: row.memberId,
      memberName: row.memberName,
      site: row.site,
      siteName: ctx.sites.byPackageName.get(row.site)?.name ?? row.site,
      isMain: row.mainImageId === row.id,
      reviewPriority: row.reviewPriority,
      nudity: row.nudity,
      screening: screeningView(row.screening),
    })),
    total: counted?.value ?? 0,
    next: rows.length > input.limit && last ? `${last.reviewPriority}.${last.micros}.${last.id}` : null,
  };
}
