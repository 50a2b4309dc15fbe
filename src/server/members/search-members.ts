import { and, count, eq, gte, inArray, lte, ne, not, type SQL } from 'drizzle-orm';
import { similarAgeRange, withNeighbour } from '~/shared/rules/member-rules';
import type { SearchFilters, SearchResponse } from '~/shared/contracts/search';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { birthDateRange } from '../platform/accounts/age';
import { cachedCount } from './count-cache';
import { cachedPage } from './page-cache';
import { withImages } from './profile-view';
import { searchPageRows } from './search-page-rows';
import { notBlockedWith } from '../blocks';

export interface SearchInput {
  filters: SearchFilters;
  /** 1-based page number. */
  page: number;
  /** Page size (docs/product.md §9: 12). */
  pp: number;
  /** The searching member, excluded from the results; null for visitors. */
  viewerId: number | null;
  /** Countries searched when no country filter is set (the site's countries); null = all. */
  countries: string[] | null;
  /**
   * docs/product.md §2 similar results: the age range widened by 5 years each way, the region
   * ignored, the neighbour country included (docs/product.md §9) — minus the main results.
   */
  similar?: boolean;
  /** docs/product.md §7 `hideNudity`: leave out members with a photo flagged explicit (`profiles.has_nudity`). */
  hideNudity?: boolean;
}

/** The filter condition of a search (without the viewer). */
export function filterCondition(filters: SearchFilters, countries: string[] | null, today: Date): SQL {
  const where: SQL[] = [eq(profiles.isVisible, true)];
  if (filters.gender) where.push(eq(profiles.gender, filters.gender));
  if (filters.country) where.push(eq(profiles.country, filters.country));
  else if (countries) where.push(inArray(profiles.country, countries));
  if (filters.country && filters.countryregion) where.push(eq(profiles.countryregion, filters.countryregion));
  const range = birthDateRange(today, filters.min_age, filters.max_age);
  if (range.bornOnOrBefore) where.push(lte(profiles.dateOfBirth, range.bornOnOrBefore));
  if (range.bornOnOrAfter) where.push(gte(profiles.dateOfBirth, range.bornOnOrAfter));
  return and(...where)!;
}

/** docs/product.md §2/§9 widened filters of the similar results. */
export function similarFilters(filters: SearchFilters): { filters: SearchFilters; countries: string[] | null } {
  const { countryregion: _region, country, ...rest } = filters;
  return {
    filters: { ...rest, ...similarAgeRange(filters.min_age, filters.max_age) },
    countries: country ? withNeighbour(country) : null,
  };
}

/**
 * docs/product.md §2 Search: visible members matching gender, country (else the site's
 * countries), region and age,
 * most recently active first, one page at a time (keyset pages, see
 * search-page-rows.ts); with `hideNudity` without members whose photos carry the nudity flag
 * (docs/product.md §13 Screening). The total count is cached per filter set for
 * COUNT_TTL_MS (the searcher is never counted). A visitor's answer is shared by every visitor
 * asking the same page for PAGE_TTL_MS (page-cache.ts).
 */
export async function searchMembers(ctx: AppContext, input: SearchInput): Promise<SearchResponse> {
  const today = ctx.clock.now();
  if (input.viewerId !== null) return runSearch(ctx, input, today);
  const key = JSON.stringify([
    input.similar ? 'similar' : 'main',
    input.filters,
    input.filters.country ? null : input.countries,
    Boolean(input.hideNudity),
    today.toISOString().slice(0, 10),
    input.page,
    input.pp,
  ]);
  return cachedPage(ctx.searchPageCache, key, () => runSearch(ctx, input, today));
}

/** One search as `searchMembers` describes it, run on the database (its count and cursors cached). */
async function runSearch(ctx: AppContext, input: SearchInput, today: Date): Promise<SearchResponse> {
  const { filters, page, pp, viewerId, countries } = input;
  const main = filterCondition(filters, countries, today);
  let matching = main;
  let effective = filters;
  if (input.similar) {
    const widened = similarFilters(filters);
    effective = widened.filters;
    matching = and(filterCondition(widened.filters, widened.countries ?? countries, today), not(main))!;
  }
  if (input.hideNudity) matching = and(matching, eq(profiles.hasNudity, false))!;
  // Members who blocked each other never see each other.
  const condition = viewerId === null ? matching : and(matching, ne(profiles.id, viewerId), notBlockedWith(viewerId))!;

  const countKey = JSON.stringify([
    input.similar ? 'similar' : 'main',
    filters,
    filters.country ? null : countries,
    Boolean(input.hideNudity),
    today.toISOString().slice(0, 10),
  ]);
  const [rows, matchCount, viewerMatches] = await Promise.all([
    searchPageRows(ctx, condition, JSON.stringify([countKey, viewerId]), page, pp),
    cachedCount(ctx.searchCountCache, countKey, async () => {
      const [total] = await ctx.db.select({ value: count() }).from(profiles).where(matching);
      return total?.value ?? 0;
    }),
    viewerId === null
      ? Promise.resolve(false)
      : ctx.db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(matching, eq(profiles.id, viewerId)))
          .limit(1)
          .then((found) => found.length > 0),
  ]);
  const numResults = Math.max(0, matchCount - (viewerMatches ? 1 : 0));
  return {
    profiles: rows.map((row) => withImages(row.profile, row.images, today)),
    paging: { num_results: numResults, page, pp, num_pages: Math.ceil(numResults / pp) },
    filter_options: effective,
  };
}
