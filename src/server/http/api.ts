import type { z } from 'zod';
import type { Contract, ErrorOf } from '~/shared/contracts/define';
import type { Failure, Result } from '~/shared/errors';
import { readSession, SESSION_COOKIE, type Session } from '../auth/sessions';
import type { AppContext } from '../context';
import { resolveSiteForApi } from '../sites/resolve-site';
import type { SiteConfig } from '../sites/site-config';
import { isOriginAllowed } from './allowed-origin';
import { readCookies, secureCookies } from './cookies';
import { parseQuery, readJsonBody } from './parse';
import { errorResponse, jsonResponse } from './responses';

/** Everything a handler gets for one API call. */
export interface ApiRequest {
  request: Request;
  url: URL;
  ctx: AppContext;
  site: SiteConfig;
  session: Session | null;
  sessionToken: string | undefined;
  clientAddress: string;
  /** Whether cookies set on this answer carry `Secure` (secureCookies()). */
  secureCookies: boolean;
  /** Set-Cookie header values to add to the response. */
  setCookies: string[];
}

/** What a `member` operation's handler gets: the session is always there. */
export interface MemberRequest extends ApiRequest {
  session: Session;
}

/** The request a contract's handler receives, by the contract's auth level. */
export type RequestFor<C extends Contract> = C['auth'] extends 'member' ? MemberRequest : ApiRequest;

/**
 * A handler: parsed query and body in, a Result out whose failure codes are
 * limited to the contract's `errors` (an undeclared code does not compile).
 */
export type Handler<C extends Contract> = (
  input: { query: z.output<C['query']>; body: z.output<C['body']> },
  req: RequestFor<C>,
) => Promise<Result<z.input<C['response']>, ErrorOf<C>>>;

/** One operation of an endpoint file: a contract plus its handler. */
export interface Operation<C extends Contract = Contract> {
  contract: C;
  /** Method syntax on purpose: lets `Operation<MemberContract>` sit in an `Operation[]`. */
  handle(input: Parameters<Handler<C>>[0], req: RequestFor<C>): ReturnType<Handler<C>>;
  /** When false for this server the operation does not exist (404 before anything else). */
  available?: (ctx: AppContext) => boolean;
}

/** Binds a handler to its contract (types, auth level and failure codes flow from the contract). */
export function defineOperation<C extends Contract>(
  contract: C,
  handle: Handler<C>,
  options: { available?: (ctx: AppContext) => boolean } = {},
): Operation<C> {
  return { contract, handle, ...options };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The operation for this method whose selector matches the query, else the one without selector. */
function pickOperation(operations: Operation[], method: string, url: URL): Operation | undefined {
  const candidates = operations.filter((op) => op.contract.method === method);
  return (
    candidates.find(
      (op) =>
        op.contract.selector &&
        Object.entries(op.contract.selector).every(([key, value]) => url.searchParams.get(key) === value),
    ) ?? candidates.find((op) => !op.contract.selector)
  );
}

/**
 * Runs one API call through the common pipeline: required `package-name`
 * header (400), Origin check (403, `isOriginAllowed`), operation by method and selector (405;
 * 404 when not available on this server), query/body parsed by the contract,
 * session from the cookie, on this site only (`not_logged_in` for a `member`
 * operation without one), handler result mapped to JSON. Unexpected errors are logged and
 * answered with a plain 500.
 */
export async function handleApi(
  operations: Operation[],
  request: Request,
  ctx: AppContext,
  meta: { clientAddress?: string } = {},
): Promise<Response> {
  const url = new URL(request.url);
  try {
    const site = resolveSiteForApi(ctx.sites, request.headers);
    if (site === 'missing') return errorResponse('missing_package_name');
    if (site === 'unknown') return errorResponse('unknown_site');
    if (!isOriginAllowed(request, url, site)) return errorResponse('forbidden_origin');
    const operation = pickOperation(operations, request.method, url);
    if (!operation) {
      const allow = [...new Set(operations.map((op) => op.contract.method))].join(', ');
      return errorResponse('method_not_allowed', undefined, undefined, { allow });
    }
    if (operation.available && !operation.available(ctx)) return errorResponse('not_found');
    const query = parseQuery(url, operation.contract.query);
    if (!query.ok) return errorResponse(query.code, query.message, query.issues);
    let body: unknown = undefined;
    if (!SAFE_METHODS.has(request.method) && !operation.contract.body.safeParse(undefined).success) {
      const parsed = await readJsonBody(request, operation.contract.body);
      if (!parsed.ok) return errorResponse(parsed.code, parsed.message, parsed.issues);
      body = parsed.value;
    }
    const sessionToken = readCookies(request)[SESSION_COOKIE];
    const session = await readSession(ctx, sessionToken, site.package_name);
    if (operation.contract.auth === 'member' && !session) return errorResponse('not_logged_in');
    const req: ApiRequest = {
      request,
      url,
      ctx,
      site,
      session,
      sessionToken,
      clientAddress: meta.clientAddress ?? 'unknown',
      secureCookies: secureCookies({
        config: ctx.config,
        site,
        request,
        clientAddress: meta.clientAddress ?? 'unknown',
      }),
      setCookies: [],
    };
    // A member operation only gets here with a session (checked above).
    const result = await operation.handle({ query: query.value, body }, req as MemberRequest);
    const response = toResponse(result, operation.contract);
    for (const cookie of req.setCookies) response.headers.append('set-cookie', cookie);
    return response;
  } catch (error) {
    if (request.signal.aborted || (error as Error | null)?.message === 'aborted') {
      // The client went away mid-request (closed tab, navigation): nothing to answer.
      ctx.log.debug('api request aborted by the client', { path: url.pathname });
      return errorResponse('bad_request');
    }
    ctx.log.error('api handler failed', { path: url.pathname, method: request.method, error });
    return errorResponse('internal');
  }
}

function toResponse(result: Result<unknown>, contract: Contract): Response {
  if (!result.ok) return failureResponse(result);
  // Validating our own output keeps server and client contracts from drifting.
  return jsonResponse(contract.response.parse(result.value));
}

function failureResponse(failure: Failure): Response {
  const headers: Record<string, string> =
    failure.retryAfterS === undefined ? {} : { 'retry-after': String(failure.retryAfterS) };
  return errorResponse(failure.code, failure.message, failure.issues, headers);
}
