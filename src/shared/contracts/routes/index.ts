/**
 * Every operation's address (method, path and the fixed query parameters that select it), without
 * its schemas. The contracts spread these in (docs/architecture.md, "Operations"); the browser
 * calls an operation through `callApi(routes.search, …)` and so carries no zod schema in its
 * bundle (the server parses each answer with the operation's response schema before sending it).
 * One export per operation, in one file per area, so a page's JavaScript holds only the areas
 * whose operations it calls.
 * `name` is the operation's name: the key of its contract type in `Operations`.
 */
export * from './account-deletion';
export * from './activation';
export * from './auth';
export * from './chat';
export * from './data-export';
export * from './dev';
export * from './email-change';
export * from './email-check';
export * from './geocode';
export * from './likes';
export * from './lookups';
export * from './notifications';
export * from './password';
export * from './payments';
export * from './photos';
export * from './profile-update';
export * from './push';
export * from './safety';
export * from './search';
export * from './sessions';
export * from './settings';
export * from './upload';
export * from './xcams';

/** Where an operation is reached. */
export interface RouteAddress {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** Extra fixed query parameters that select this operation (e.g. `new=1`). */
  selector?: Readonly<Record<string, string>>;
}
