import { profileContract, searchContract } from '../../../shared/contracts/search';
import { fail, ok } from '../../../shared/errors';
import { isLoggedOutSearchVisible } from '../../../shared/rules/site-rules';
import { openProfile } from '../../members/open-profile';
import { hasFilters, loadSavedSearch, saveSearch } from '../../members/saved-search';
import { searchMembers } from '../../members/search-members';
import { defineOperation } from '../api';

/**
 * `GET /api/search.php` (SPEC §7): one page of members; visitors only when
 * logged-out search is visible. For a member, the automatic first load without
 * filters uses the remembered ones, and a manual search is remembered unless
 * `do_not_save` (the response's `filter_options` tells the page which were used).
 */
export const searchEndpoint = [
  defineOperation(searchContract, async ({ query }, req) => {
    if (!req.session && !isLoggedOutSearchVisible(req.site, query.trafficsource)) return fail('search_not_allowed');
    const { gender, country, countryregion, min_age, max_age } = query;
    let filters = Object.fromEntries(
      Object.entries({ gender, country, countryregion, min_age, max_age }).filter(([, v]) => v !== undefined),
    );
    const userId = req.session?.userId ?? null;
    if (userId !== null && query.auto_load && !hasFilters(filters)) filters = await loadSavedSearch(req.ctx, userId);
    if (userId !== null && query.manual_search && !query.do_not_save && query.similarpage === undefined) {
      await saveSearch(req.ctx, userId, filters);
    }
    return ok(
      await searchMembers(req.ctx, {
        filters,
        page: query.similarpage ?? query.page,
        pp: query.pp,
        similar: query.similarpage !== undefined,
        viewerId: userId,
        countries: query.searchAllCountries ? null : req.site.countries,
      }),
    );
  }),
];

/**
 * `GET /api/profile.php?id=`: a member's public profile; 404 for unknown or deleted
 * members. A member opening it marks that profile's like of them as seen (SPEC §4).
 */
export const profileEndpoint = [
  defineOperation(profileContract, async ({ query }, req) => {
    const profile = await openProfile(req.ctx, query.id, req.session?.userId ?? null);
    return profile ? ok({ profile }) : fail('not_found');
  }),
];

