import { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { OperatorRole } from './admin/roles';
import { idField } from './fields';
import type { RateLimitRule } from './rate-limits';

/**
 * Who may call an operation (docs/architecture.md, "Operations"): `visitor` = anyone (logged in
 * or not), `member` = a logged-in member (the pipeline answers `not_logged_in` before the handler
 * runs), `operator` = the operator console (`/admin/api/*`): the operator cookie only, a member
 * session is never read, and the contract's `roles` say which roles may call it.
 */
export type AuthLevel = 'visitor' | 'member' | 'operator';

/** Where a member operation is reached (`/api/xyz.php`) or an operator operation (`/admin/api/…`). */
export type OperationPath = `/api/${string}` | `/admin/api/${string}`;

/**
 * One contract per operation (docs/architecture.md, "Operations"): method, path,
 * who may call it, request and response schemas, and the error codes its
 * handler may answer with (a handler returning any other code is a type error).
 * The browser client and the server handler both use it so they cannot drift.
 * Member and operator contracts are one type: the auth level is a field, so the one operation
 * pipeline (src/server/http/pipeline.ts) applies every cross-cutting step to both.
 */
export interface Contract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  E extends ErrorCode = ErrorCode,
  A extends AuthLevel = AuthLevel,
> {
  /** The operation's name: the browser calls it by this name (`routes.x.name`, `Operations`). */
  name?: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: OperationPath;
  /** Extra fixed query parameters that select this operation (e.g. `new=1`). */
  selector?: Readonly<Record<string, string>>;
  auth: A;
  /**
   * `operator` only: the roles that may call it (403 `forbidden` for the others), or `'anyone'`
   * for the log-in steps themselves.
   */
  roles?: readonly OperatorRole[] | 'anyone';
  /**
   * A rate limit the pipeline applies after parsing, before the handler (./rate-limits.ts). Only
   * a contract whose `errors` list `rate_limited` may declare one, and only a `member` one may count
   * per member (anything else does not compile).
   */
  rateLimit?: [Extract<E, 'rate_limited'>] extends [never]
    ? never
    : RateLimitRule<A extends 'member' ? 'member' | 'address' : 'address'>;
  query: Q;
  body: B;
  response: R;
  errors: readonly E[];
}

/** Declares a contract; a helper only so the generic types (and the literal error codes) are inferred. */
export function defineContract<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  E extends ErrorCode = never,
  A extends AuthLevel = AuthLevel,
>(contract: Contract<Q, B, R, E, A>): Contract<Q, B, R, E, A> {
  return contract;
}

/** The error codes a contract's handler may return. */
export type ErrorOf<C extends Contract> = C['errors'][number];

/** Strict empty object: the endpoint takes no query parameters / body fields. */
export const noParams = z.strictObject({});

/** A boolean query flag: `1`, `true`, `0`, `false`. */
export const queryFlag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** A positive integer id in a query string or body (1 to 2³¹ − 1, else `validation.integer`). */
export { idParam } from './fields';

export type QueryOf<C extends Contract> = z.output<C['query']>;
export type BodyOf<C extends Contract> = z.output<C['body']>;
export type BodyInput<C extends Contract> = z.input<C['body']>;
export type QueryInput<C extends Contract> = z.input<C['query']>;
export type ResponseOf<C extends Contract> = z.output<C['response']>;

/** Body `{ profile }` naming one member by id (like, unlike, block, unblock). */
export const profileRefBody = z.strictObject({ profile: idField });
