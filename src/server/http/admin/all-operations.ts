import type { AdminOperation } from '../admin-api';
import { adminAuthOperations } from './auth';
import { adminOperatorOperations } from './operators';

/**
 * Every operator operation (docs/product.md §13), served by `/admin/api/*`. Add a line per
 * section module.
 */
export const adminOperations: AdminOperation[] = [
  ...adminAuthOperations,
  ...adminOperatorOperations,
] as AdminOperation[];
