import type { AdminContract } from '~/shared/contracts/admin/define';
import type { Operation } from '../api';
import { operatorOperations } from '../all-operations';

/**
 * Every operator operation (docs/product.md §13), served by `/admin/api/*`: derived from the
 * handler modules in `src/server/http/all-operations.ts`, typed with their operator contracts.
 */
export const adminOperations = [...operatorOperations] as Operation<AdminContract>[];
