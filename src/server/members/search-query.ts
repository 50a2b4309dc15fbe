import type { SearchFilters, SearchQuery, SearchResponse } from '~/shared/contracts/search';
import type { AppContext } from '../context';
import { filtersForSearch } from './saved-search';
import { searchMembers } from './search-members';

/** The filter fields of a parsed search query, without the ones left out (docs/product.md §2 Search). */
export function filtersOfQuery(query: SearchQuery): SearchFilters {
  const { gender, country, countryregion, min_age, max_age } = query;
  return Object.fromEntries(
    Object.entries({ gender, country, countryregion, min_age, max_age }).filter(([, value]) => value !== undefined),
  ) as SearchFilters;
}

/**
 * One search as a parsed `GET /api/search.php` query asks for it (docs/product.md §2, §4
 * auto_load, §7): the member's remembering rules (`filtersForSearch`: remembered filters on an
 * automatic first load, else `defaultCountry` as its country filter; a manual search saved), the
 * page or similar-results page, and the site's countries unless `searchAllCountries` or a country
 * filter. `defaultCountry` is the visitor's country from `searchDefaultCountry` (null: none); a
 * search of all countries never gets it. The API and the server-rendered first page of `/members`
 * both run it, so they answer alike. @throws database errors.
 *
 * `hideNudity` leaves out members with a photo flagged explicit (docs/product.md §13 Screening).
 * Two parameters do not change the answer: `source` only names the asking list, and `trafficsource`
 * is read by the endpoint's access check (`requestAccess`, docs/product.md §5).
 */
export async function searchByQuery(
  ctx: AppContext,
  query: SearchQuery,
  viewerId: number | null,
  siteCountries: string[],
  defaultCountry: string | null,
): Promise<SearchResponse> {
  const intent = {
    autoLoad: Boolean(query.auto_load),
    manualSearch: Boolean(query.manual_search),
    doNotSave: Boolean(query.do_not_save),
    similar: query.similarpage !== undefined,
  };
  const preset = query.searchAllCountries || intent.similar ? null : defaultCountry;
  const filters = await filtersForSearch(ctx, viewerId, filtersOfQuery(query), intent, preset);
  return searchMembers(ctx, {
    filters,
    page: query.similarpage ?? query.page,
    pp: query.pp,
    similar: query.similarpage !== undefined,
    viewerId,
    countries: query.searchAllCountries ? null : siteCountries,
    hideNudity: Boolean(query.hideNudity),
  });
}
