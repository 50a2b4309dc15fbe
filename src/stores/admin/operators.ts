import { callAdmin } from '~/client/admin-api';
import {
  adminAddOperatorContract,
  adminAuditContract,
  adminOperatorsContract,
  adminResetOperatorAccessContract,
  adminUpdateOperatorContract,
} from '~/shared/contracts/admin/operators';
import type { OperatorRole } from '~/shared/contracts/admin/roles';

/** The audit log's filters (docs/product.md §13 Audit log); empty values are left out of the query. */
export interface AuditFilter {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
}

/** One page of the audit log, newest first, older than entry `before` when given. */
export function fetchAudit({ filter, before }: { filter: AuditFilter; before?: number }) {
  return callAdmin(adminAuditContract, {
    query: { ...filter, objectType: (filter.objectType || undefined) as never, before },
  });
}

/** The operator accounts (docs/product.md §13 Access; admins). */
export function fetchOperators() {
  return callAdmin(adminOperatorsContract);
}

/** Adds an operator; resolves with the one-time setup link and its expiry (ISO). */
export function addOperator(email: string, role: OperatorRole) {
  return callAdmin(adminAddOperatorContract, { body: { email, role } });
}

/** Changes an operator's role. */
export function setOperatorRole(id: number, role: OperatorRole) {
  return callAdmin(adminUpdateOperatorContract, { params: { id }, body: { role } });
}

/** Disables or enables an operator's account. */
export function setOperatorDisabled(id: number, disabled: boolean) {
  return callAdmin(adminUpdateOperatorContract, { params: { id }, body: { disabled } });
}

/** Clears an operator's password and authenticator; resolves with a new setup link and its expiry. */
export function resetOperatorAccess(id: number) {
  return callAdmin(adminResetOperatorAccessContract, { params: { id } });
}
