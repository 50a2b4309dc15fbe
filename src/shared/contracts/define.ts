import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { idField } from './fields';

/**
 * Who may call an operation: `visitor` = anyone (logged in or not), `member` =
 * a logged-in member (the API answers `not_logged_in` before the handler runs).
 * Operators (the console) will be a third level.
 */
export type AuthLevel = 'visitor' | 'member';

/**
 * One contract per operation (docs/architecture.md, "Operations"): method, path,
 * who may call it, request and response schemas, and the error codes its
 * handler may answer with (a handler returning any other code is a type error).
 * The browser client and the server handler both use it so they cannot drift.
 */
export interface Contract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  E extends ErrorCode = ErrorCode,
  A extends AuthLevel = AuthLevel,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** Extra fixed query parameters that select this operation (e.g. `new=1`). */
  selector?: Record<string, string>;
  auth: A;
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
