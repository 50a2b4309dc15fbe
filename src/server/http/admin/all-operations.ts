import type { AdminOperation } from '../admin-api';
import { adminAffiliateOperations } from './affiliates';
import { adminAuthOperations } from './auth';
import { adminDashboardOperations } from './dashboard';
import { adminMemberOperations } from './members';
import { adminModerationOperations } from './moderation';
import { adminOperatorOperations } from './operators';
import { adminPaymentOperations } from './payments';
import { adminPhotoOperations } from './photos';

/**
 * Every operator operation (docs/product.md §13), served by `/admin/api/*`. Add a line per
 * section module.
 */
export const adminOperations: AdminOperation[] = [
  ...adminAuthOperations,
  ...adminAffiliateOperations,
  ...adminDashboardOperations,
  ...adminPaymentOperations,
  ...adminMemberOperations,
  ...adminModerationOperations,
  ...adminOperatorOperations,
  ...adminPhotoOperations,
] as AdminOperation[];
