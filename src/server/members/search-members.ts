import { and, count, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { SearchFilters, SearchResponse } from '../../shared/contracts/search';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { birthDateRange } from './age';
import { loadImages, toPublicProfile } from './profile-view';

export interface SearchInput {
  filters: SearchFilters;
  /** 1-based page number. */
  page: number;
  /** Page size (SPEC §9: 12). */
  pp: number;
  /** The searching member, excluded from the results; null for visitors. */
  viewerId: number | null;
}

/**
 * SPEC §2 Search: visible members matching gender, country, region and age,
 * most recently active first, one page at a time, with the total count.
 */
export async function searchMembers(ctx: AppContext, input: SearchInput): Promise<SearchResponse> {
  const { filters, page, pp, viewerId } = input;
  const today = ctx.clock.now();
  const where: SQL[] = [eq(profiles.isVisible, true)];
  if (viewerId !== null) where.push(ne(profiles.id, viewerId));
  if (filters.gender) where.push(eq(profiles.gender, filters.gender));
  if (filters.country) where.push(eq(profiles.country, filters.country));
  if (filters.country && filters.countryregion) where.push(eq(profiles.countryregion, filters.countryregion));
  const range = birthDateRange(today, filters.min_age, filters.max_age);
  if (range.bornOnOrBefore) where.push(lte(profiles.dateOfBirth, range.bornOnOrBefore));
  if (range.bornOnOrAfter) where.push(gte(profiles.dateOfBirth, range.bornOnOrAfter));
  const condition = and(...where);

  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(profiles)
      .where(condition)
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(pp)
      .offset((page - 1) * pp),
    ctx.db.select({ value: count() }).from(profiles).where(condition),
  ]);
  const imageRows = await loadImages(
    ctx,
    rows.map((row) => row.id),
  );
  const numResults = total?.value ?? 0;
  return {
    profiles: rows.map((row) => toPublicProfile(row, imageRows, today)),
    paging: { num_results: numResults, page, pp, num_pages: Math.ceil(numResults / pp) },
    filter_options: filters,
  };
}
