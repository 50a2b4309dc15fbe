import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { ProfileImage } from '~/shared/contracts/profile';
import { images, profiles } from '../db/schema';
import { photoShownToOthers } from '../media';
import { cursorOf, rememberCursors, replaceCursors, type PageCursor } from './page-cursors';

type ProfileRow = typeof profiles.$inferSelect;

/** A page row: the profile and its images in gallery order (read in the same query). */
export interface SearchRow {
  profile: ProfileRow;
  images: ProfileImage[];
}

/** Rows after `cursor` (or from the top) in the search order, as a condition. */
function after(cursor: PageCursor | null): SQL | undefined {
  return cursor
    ? sql`(${profiles.lastActiveAt}, ${profiles.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
    : undefined;
}

/**
 * One page of search rows in the order (last_active_at DESC, id DESC).
 * Deferred join: the page's ids come from an index-only range scan of a
 * search index (filter columns are in the index), then only those pp rows are
 * read. Pages after the first start from the keyset cursor of the page before
 * (page-cursors.ts); an unknown cursor is computed with the cursors of every
 * earlier page in one index-only pass, so page 500 costs about what page 1 does
 * once any page of the filter set was deep-read within CURSOR_TTL_MS.
 */
export async function searchPageRows(
  ctx: AppContext,
  condition: SQL,
  cursorKey: string,
  page: number,
  pp: number,
): Promise<SearchRow[]> {
  // A cursor ends a page of `pp` rows: pages of another size of the same search have their own.
  const key = `${cursorKey} pp=${pp}`;
  let cursor: PageCursor | null = null;
  if (page > 1) {
    const known = cursorOf(ctx.searchCursorCache, key, page - 1);
    if (known.stale) renewInBackground(ctx, condition, key, page - 1, pp);
    cursor = known.cursor ?? (await computeCursors(ctx, condition, key, page - 1, pp));
    if (!cursor) return [];
  }
  const pageIds = pageIdsQuery(ctx, condition, cursor, pp).as('page_ids');
  const rows = await ctx.db
    .select({
      profile: profiles,
      atText: sql<string>`${profiles.lastActiveAt}::text`,
      // One round trip: the page's images others may see (docs/product.md §13 Photo review) as JSON beside each row.
      images: sql<ProfileImage[]>`coalesce((
        select json_agg(json_build_object('id', i.id, 'filename', i.filename, 'thumb_filename', i.thumb_filename) order by i.position, i.id)
        from ${images} i where i.profile_id = ${profiles.id}
          and ${photoShownToOthers(ctx.sites, sql`i.review_status`, sql`i.profile_id`)}), '[]'::json)`,
    })
    .from(pageIds)
    .innerJoin(profiles, eq(profiles.id, pageIds.id))
    .orderBy(desc(pageIds.at), desc(pageIds.id));
  const last = rows[rows.length - 1];
  if (last && rows.length === pp)
    rememberCursors(ctx.searchCursorCache, key, [[page, { at: last.atText, id: last.profile.id }]]);
  return rows.map((row) => ({
    profile: row.profile,
    images: typeof row.images === 'string' ? (JSON.parse(row.images) as ProfileImage[]) : row.images,
  }));
}

/** The ids (and order keys) of one page after `cursor`: the index-only part of a page read. */
export function pageIdsQuery(ctx: AppContext, condition: SQL, cursor: PageCursor | null, pp: number) {
  return ctx.db
    .select({ id: profiles.id, at: profiles.lastActiveAt })
    .from(profiles)
    .where(and(condition, after(cursor)))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(pp);
}

/**
 * Cursors of pages 1…`lastPage` of a filter set from one index-only scan of
 * lastPage × pp keys (every pp-th key ends a page); stores them and returns
 * the cursor of `lastPage`, or null when the results end before it.
 */
async function computeCursors(
  ctx: AppContext,
  condition: SQL,
  cursorKey: string,
  lastPage: number,
  pp: number,
): Promise<PageCursor | null> {
  const keys = ctx.db
    .select({
      at: sql<string>`${profiles.lastActiveAt}::text`.as('at'),
      id: profiles.id,
      rn: sql<number>`row_number() over (order by ${profiles.lastActiveAt} desc, ${profiles.id} desc)`.as('rn'),
    })
    .from(profiles)
    .where(condition)
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(lastPage * pp)
    .as('page_keys');
  const ends = await ctx.db
    .select({ at: keys.at, id: keys.id, rn: keys.rn })
    .from(keys)
    .where(sql`${keys.rn} % ${pp} = 0`);
  const cursors: [number, PageCursor][] = ends.map((row) => [Number(row.rn) / pp, { at: row.at, id: row.id }]);
  replaceCursors(ctx.searchCursorCache, cursorKey, cursors);
  return cursors.find(([page]) => page === lastPage)?.[1] ?? null;
}

const renewing = new Set<string>();

/** Renews a filter set's stale cursors once, without making the current search wait. */
function renewInBackground(ctx: AppContext, condition: SQL, cursorKey: string, lastPage: number, pp: number): void {
  if (renewing.has(cursorKey)) return;
  renewing.add(cursorKey);
  computeCursors(ctx, condition, cursorKey, lastPage, pp)
    .catch((error: unknown) => ctx.log.warn('search cursor renewal failed', { error }))
    .finally(() => renewing.delete(cursorKey));
}
