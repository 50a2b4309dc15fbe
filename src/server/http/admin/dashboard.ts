import { adminDashboardContract } from '~/shared/contracts/admin/dashboard';
import { canOpen } from '~/shared/contracts/admin/roles';
import { ok } from '~/shared/errors';
import { dashboardFigures } from '../../operators';
import { defineOperation } from '../api';

/**
 * The console's start page (docs/product.md §13 Dashboard). Revenue is computed and sent only to
 * roles that may open Payments; the others' answer has no `revenue` at all.
 */
export const adminDashboardOperations = [
  defineOperation(adminDashboardContract, async ({ query }, req) =>
    ok(
      await dashboardFigures(req.ctx, {
        site: query.site,
        includeRevenue: canOpen(req.session.operator.role, 'payments'),
      }),
    ),
  ),
];
