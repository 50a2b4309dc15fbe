import {
  adminAddOperatorContract,
  adminAuditContract,
  adminOperatorsContract,
  adminResetOperatorAccessContract,
  adminUpdateOperatorContract,
} from '~/shared/contracts/admin/operators';
import { ok } from '~/shared/errors';
import { listAudit } from '../../platform/audit/audit-log';
import { addOperator, listOperators, resetOperatorAccess, updateOperator } from '../../operators';
import { siteOrigin } from '../../platform/sites/site-origin';
import { defineOperation } from '../api';

const DAY_MS = 24 * 60 * 60_000;

/** The audit log and operator accounts (docs/product.md §13 Audit log, Access). */
export const adminOperatorOperations = [
  defineOperation(adminAuditContract, async ({ query }, req) => {
    const { entries, hasMore } = await listAudit(req.ctx, {
      ...query,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS - 1) : undefined,
      limit: 50,
    });
    return ok({
      entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      hasMore,
    });
  }),
  defineOperation(adminOperatorsContract, async (_input, req) => {
    const rows = await listOperators(req.ctx);
    return ok({
      operators: rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        enrolled: row.enrolled !== null,
        disabled: row.disabledAt !== null,
        lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    });
  }),
  defineOperation(adminAddOperatorContract, async ({ body }, req) => {
    const added = await addOperator(req.ctx, body, req.session.operator);
    if (!added.ok) return added;
    return ok({
      id: added.value.id,
      setupUrl: `${siteOrigin(req.ctx, req.site)}/admin/setup?token=${added.value.setupToken}`,
      setupExpiresAt: added.value.setupExpiresAt.toISOString(),
    });
  }),
  defineOperation(adminResetOperatorAccessContract, async ({ params }, req) => {
    const id = Number(params.id);
    const reset = await resetOperatorAccess(req.ctx, id, req.session.operator);
    if (!reset.ok) return reset;
    return ok({
      id,
      setupUrl: `${siteOrigin(req.ctx, req.site)}/admin/setup?token=${reset.value.setupToken}`,
      setupExpiresAt: reset.value.setupExpiresAt.toISOString(),
    });
  }),
  defineOperation(adminUpdateOperatorContract, async ({ body, params }, req) =>
    updateOperator(req.ctx, Number(params.id), body, req.session.operator),
  ),
];
