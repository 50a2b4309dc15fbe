import type { z } from 'zod';
import type { Contract, ErrorOf } from '~/shared/contracts/define';
import type { Result } from '~/shared/errors';
import type { Session } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import type { OperatorSession } from '../operators';
import type { SiteConfig } from '../platform/sites/site-config';
import { runOperations } from './pipeline';

/** What every handler gets for one call, of either API (docs/architecture.md, "Operations"). */
interface CallRequest {
  request: Request;
  url: URL;
  ctx: AppContext;
  /** The site of the `package-name` header (for the console: the origin of links it hands out). */
  site: SiteConfig;
  /** The raw cookie value of the session (member cookie, or operator cookie on `/admin/api`). */
  sessionToken: string | undefined;
  clientAddress: string;
  /** Whether cookies set on this answer carry `Secure` (secureCookies()). */
  secureCookies: boolean;
  /** Set-Cookie header values to add to the response. */
  setCookies: string[];
}

/** What a `visitor` operation's handler gets: the member session of this site, if any. */
export interface ApiRequest extends CallRequest {
  session: Session | null;
}

/** What a `member` operation's handler gets: the session is always there. */
export interface MemberRequest extends ApiRequest {
  session: Session;
}

/** What an `operator` operation's handler gets. `session` is null only for `roles: 'anyone'`. */
export interface OperatorRequest extends CallRequest {
  session: OperatorSession | null;
}

/** The request of an operator operation that needs a fully logged-in operator. */
export interface ActiveOperatorRequest extends OperatorRequest {
  session: OperatorSession;
}

/** The request a contract's handler receives, by the contract's auth level (and roles). */
export type RequestFor<C extends Contract> = C['auth'] extends 'member'
  ? MemberRequest
  : C['auth'] extends 'operator'
    ? C['roles'] extends 'anyone'
      ? OperatorRequest
      : ActiveOperatorRequest
    : ApiRequest;

/** A handler's input: the parsed query and body, and the path's `:id` values (operator paths). */
export interface HandlerInput<C extends Contract> {
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  params: Record<string, string>;
}

/**
 * A handler: parsed query and body in, a Result out whose failure codes are
 * limited to the contract's `errors` (an undeclared code does not compile).
 */
export type Handler<C extends Contract> = (
  input: HandlerInput<C>,
  req: RequestFor<C>,
) => Promise<Result<z.input<C['response']>, ErrorOf<C>>>;

/** One operation: a contract plus its handler (member and operator operations alike). */
export interface Operation<C extends Contract = Contract> {
  contract: C;
  /** Method syntax on purpose: lets `Operation<MemberContract>` sit in an `Operation[]`. */
  handle(input: HandlerInput<C>, req: RequestFor<C>): ReturnType<Handler<C>>;
  /** When false for this server the operation does not exist (404 before anything else). */
  available?: (ctx: AppContext) => boolean;
}

/** Binds a handler to its contract (types, auth level, roles and failure codes flow from the contract). */
export function defineOperation<C extends Contract>(
  contract: C,
  handle: Handler<C>,
  options: { available?: (ctx: AppContext) => boolean } = {},
): Operation<C> {
  return { contract, handle, ...options };
}

/**
 * Runs one member API call (`/api/*`) through the operation pipeline (`runOperations`,
 * src/server/http/pipeline.ts) over `operations`.
 */
export function handleApi(
  operations: readonly Operation[],
  request: Request,
  ctx: AppContext,
  meta: { clientAddress?: string } = {},
): Promise<Response> {
  return runOperations(operations, request, ctx, meta.clientAddress ?? 'unknown');
}
