import type { MemberContracts } from './all';
import type * as routes from './routes';

/** An operation's name: the name of its export in ./routes (and its route's `name`). */
export type OperationName = keyof typeof routes & keyof MemberContracts;

/** Requires a contract for every route name and a route for every contract name. */
type Complete<T extends Record<keyof typeof routes, unknown>> = keyof T extends keyof typeof routes ? T : never;

/**
 * Each operation's contract type by name, derived from the contract modules (./all.ts: the
 * export `<name>Contract` is operation `<name>`); types only, nothing of it reaches the browser
 * bundle. `callApi(routes.search, …)` takes its query and body types and returns its response type
 * from here. A route without a contract, or a contract without a route, does not compile.
 */
export type Operations = Complete<MemberContracts>;
