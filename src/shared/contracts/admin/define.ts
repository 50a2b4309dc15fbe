import type { z } from 'zod';
import type { ErrorCode } from '../../errors';
import type { OperatorRole } from './roles';

/**
 * One contract per operator operation (docs/architecture.md, "Operations"): like a member
 * contract, plus the operator roles that may call it. `roles: 'anyone'` is only for the log-in
 * steps themselves; every other operation needs a fully logged-in operator (password and second
 * factor) of one of `roles`, checked by the admin API before the handler runs.
 * Admin contracts are imported by the console's islands directly (the console is not a page
 * whose bundle size matters to visitors).
 */
export interface AdminContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  E extends ErrorCode = ErrorCode,
> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/admin/api/${string}`;
  roles: readonly OperatorRole[] | 'anyone';
  query: Q;
  body: B;
  response: R;
  errors: readonly E[];
}

/** Declares an admin contract (a helper only so the generic types are inferred). */
export function defineAdminContract<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  E extends ErrorCode = never,
>(contract: AdminContract<Q, B, R, E>): AdminContract<Q, B, R, E> {
  return contract;
}

export type AdminErrorOf<C extends AdminContract> = C['errors'][number];
