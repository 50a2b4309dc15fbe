import { companyInfoContract, interestsContract, regionsContract } from '~/shared/contracts/lookups';
import { ok } from '~/shared/errors';
import { profileFieldChoices } from '../../members';
import { siteRegions } from '../../sites';
import { detectRequestLocale } from '../request-locale';
import { defineOperation, type ApiRequest } from '../api';

const localeOf = (req: ApiRequest) => detectRequestLocale(req.request, req.site.domain_language);

/** `GET /api/regions.php?country=` (docs/product.md §7): the site's regions per country, named in the request's locale. */
export const regionsEndpoint = [
  defineOperation(regionsContract, async ({ query }, req) => siteRegions(req.site, localeOf(req), query.country)),
];

/** `GET /api/interests.php` (docs/product.md §7): each profile field's allowed values with their labels. */
export const interestsEndpoint = [
  defineOperation(interestsContract, async (_input, req) => ok({ fields: profileFieldChoices(localeOf(req)) })),
];

/** `GET /api/companyinfo.php` (docs/product.md §7): the site's company fields (docs/product.md §3 Settings). */
export const companyInfoEndpoint = [
  defineOperation(companyInfoContract, async (_input, req) => ok({ company: req.site.company })),
];
