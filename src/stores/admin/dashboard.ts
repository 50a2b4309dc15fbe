import { callAdmin } from '~/client/admin-api';
import { adminDashboardContract, type DashboardView } from '~/shared/contracts/admin/dashboard';

/** docs/product.md §13 Dashboard: today's figures of one site ('' = all sites). */
export function fetchDashboard(site: string): Promise<DashboardView> {
  return callAdmin(adminDashboardContract, { query: { site: site || undefined } });
}
