import { xcamsSearchContract } from '~/shared/contracts/xcams';
import { searchCams } from '../../xcams';
import { defineOperation } from '../api';

/** `GET /api/xcams/search.php` (docs/product.md §7): cams for an eligible member (403 otherwise). */
export const xcamsSearchEndpoint = [
  defineOperation(xcamsSearchContract, async ({ query }, req) =>
    searchCams(req.ctx, req.site, req.session.userId, query),
  ),
];
