import { profileContract, searchContract } from '~/shared/contracts/search';
import { fail, ok } from '~/shared/errors';
import { openProfile } from '../../profiles';
import { searchByQuery } from '../../members';
import { searchDefaultCountry } from '../../geo';
import { requestAccess } from '../visitor-access';
import { defineOperation } from '../api';

/**
 * `GET /api/search.php` (docs/product.md §7): one page of members; visitors only when
 * logged-out search is open to them (traffic source from query or tracking cookie). A member's
 * filters follow the remembering rules of `filtersForSearch`; an automatic first load without
 * filters or remembered ones starts from the visitor's country by client address
 * (`searchDefaultCountry`). The response's `filter_options` tells the page which were used.
 */
export const searchEndpoint = [
  defineOperation(searchContract, async ({ query }, req) => {
    // The traffic source comes from the query or the lander's tracking cookie, as on the pages.
    if (!requestAccess(req.site, req.request, req.session !== null).canSearch) return fail('search_not_allowed');
    const defaultCountry = searchDefaultCountry(req.site, req.clientAddress);
    return ok(await searchByQuery(req.ctx, query, req.session?.userId ?? null, req.site.countries, defaultCountry));
  }),
];

/**
 * `GET /api/profile.php?id=`: a member's public profile; 404 for unknown or deleted
 * members. A member opening it marks that profile's like of them as seen (docs/product.md §4).
 */
export const profileEndpoint = [
  defineOperation(profileContract, async ({ query }, req) => {
    const profile = await openProfile(req.ctx, query.id, req.session?.userId ?? null);
    return profile ? ok({ profile }) : fail('not_found');
  }),
];
