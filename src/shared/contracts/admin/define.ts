import type { z } from 'zod';
import type { ErrorCode } from '../../errors';
import type { Contract } from '../define';
import type { OperatorRole } from './roles';

/**
 * One contract per operator operation (docs/architecture.md, "Operations"): a `Contract` of auth
 * level `operator`, plus the operator roles that may call it. `roles: 'anyone'` is only for the log-in
 * steps themselves; every other operation needs a fully logged-in operator (password and second
 * factor) of one of `roles`, checked by the operation pipeline before the handler runs.
 * Admin contracts are imported by the console's islands directly (the console is not a page
 * whose bundle size matters to visitors).
 */
export interface AdminContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  E extends ErrorCode = ErrorCode,
  Roles extends readonly OperatorRole[] | 'anyone' = readonly OperatorRole[] | 'anyone',
> extends Contract<Q, B, R, E, 'operator'> {
  name: string;
  path: `/admin/api/${string}`;
  roles: Roles;
}

/** What an operator contract declares: `auth` is always `operator`, so it is implied. */
type AdminContractInput<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  E extends ErrorCode,
  Roles extends readonly OperatorRole[] | 'anyone',
> = Omit<AdminContract<Q, B, R, E, Roles>, 'auth'>;

/**
 * Declares an operator contract: a `Contract` of auth level `operator` (a helper so the generic
 * types are inferred and `auth` need not be repeated). `roles` keeps its literal type, so the
 * handler of a `roles: 'anyone'` log-in step gets a request whose operator session may be null.
 */
export function defineAdminContract<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  E extends ErrorCode = never,
  const Roles extends readonly OperatorRole[] | 'anyone' = readonly OperatorRole[],
>(contract: AdminContractInput<Q, B, R, E, Roles>): AdminContract<Q, B, R, E, Roles> {
  return { ...contract, auth: 'operator' };
}

export type AdminErrorOf<C extends AdminContract> = C['errors'][number];
