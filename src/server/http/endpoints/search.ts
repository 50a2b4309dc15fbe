import { profileContract, searchContract } from '../../../shared/contracts/search';
import { fail, ok } from '../../../shared/errors';
import { isLoggedOutSearchVisible } from '../../../shared/rules/site-rules';
import { openProfile } from '../../members/open-profile';
import { searchMembers } from '../../members/search-members';
import { defineOperation } from '../api';

/** `GET /api/search.php` (SPEC §7): one page of members; visitors only when logged-out search is visible. */
export const searchEndpoint = [
  defineOperation(searchContract, async ({ query }, req) => {
    if (!req.session && !isLoggedOutSearchVisible(req.site, query.trafficsource)) return fail('search_not_allowed');
    const { gender, country, countryregion, min_age, max_age } = query;
    const filters = Object.fromEntries(
      Object.entries({ gender, country, countryregion, min_age, max_age }).filter(([, v]) => v !== undefined),
    );
    return ok(
      await searchMembers(req.ctx, {
        filters,
        page: query.similarpage ?? query.page,
        pp: query.pp,
        similar: query.similarpage !== undefined,
        viewerId: req.session?.userId ?? null,
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
