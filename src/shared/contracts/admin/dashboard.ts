import { z } from 'zod';
import { textField } from '../fields';
import { noParams } from '../define';
import { defineAdminContract } from './define';
import { SECTION_ROLES } from './roles';

/** The console's start page (docs/product.md §13 Dashboard): every role. */

const comparison = z.object({ today: z.number(), last7Days: z.number() });

export const dashboardSchema = z.object({
  /** Today's UTC day (`YYYY-MM-DD`); "last 7 days" are the 7 whole UTC days before it. */
  day: z.string(),
  signups: comparison,
  activations: comparison,
  messages: comparison,
  activeMembers: z.object({ last24Hours: z.number(), last7Days: z.number() }),
  openReports: z.object({ count: z.number(), oldestAgeSeconds: z.number().nullable() }),
  /** Net revenue per currency (cents); present only for roles that may open Payments. */
  revenue: z.array(z.object({ currency: z.string(), todayCents: z.number(), last7DaysCents: z.number() })).optional(),
});
export type DashboardView = z.infer<typeof dashboardSchema>;

/** `GET /admin/api/dashboard?site`: today's figures against the 7 days before, of one site or all. */
export const adminDashboardContract = defineAdminContract({
  name: 'adminDashboard',
  method: 'GET',
  path: '/admin/api/dashboard',
  roles: SECTION_ROLES.dashboard,
  query: z.strictObject({ site: textField().trim().min(1).max(64).optional() }),
  body: noParams.optional(),
  response: dashboardSchema,
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter'],
});
