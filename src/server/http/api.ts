import type { z } from 'zod';
import type { Contract } from '../../shared/contracts/define';
import type { Result } from '../../shared/errors';
import { readSession, SESSION_COOKIE, type Session } from '../auth/sessions';
import type { AppContext } from '../context';
import { resolveSiteForApi } from '../sites/resolve-site';
import type { SiteConfig } from '../sites/site-config';
import { readCookies } from './cookies';
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
  /** Set-Cookie header values to add to the response. */
  setCookies: string[];
}

export type Handler<C extends Contract> = (
  input: { query: z.output<C['query']>; body: z.output<C['body']> },
  req: ApiRequest,
) => Promise<Result<z.input<C['response']>> | Response>;

/** One operation of an endpoint file: a contract plus its handler. */
export interface Operation<C extends Contract = Contract> {
  contract: C;
  handle: Handler<C>;
}

/** Binds a handler to its contract (types flow from the contract). */
export function defineOperation<C extends Contract>(contract: C, handle: Handler<C>): Operation<C> {
  return { contract, handle };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** CSRF defence for state-changing calls: a present Origin must be this site's host. */
function isOriginAllowed(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  if (!origin) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = [url.host, request.headers.get('host'), request.headers.get('original-host')];
  return allowed.some((host) => host && host.toLowerCase() === originHost.toLowerCase());
}

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
 * header (400), Origin check (403), session from the cookie, operation by
 * method and selector (405), query/body parsed by the contract, handler result
 * mapped to JSON. Unexpected errors are logged and answered with a plain 500.
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
    if (!isOriginAllowed(request, url)) return errorResponse('forbidden_origin');
    const operation = pickOperation(operations, request.method, url);
    if (!operation) {
      const allow = [...new Set(operations.map((op) => op.contract.method))].join(', ');
      return errorResponse('method_not_allowed', undefined, undefined, { allow });
    }
    const query = parseQuery(url, operation.contract.query);
    if (!query.ok) return errorResponse(query.code, query.message, query.issues);
    let body: unknown = undefined;
    if (!SAFE_METHODS.has(request.method) && !operation.contract.body.safeParse(undefined).success) {
      const parsed = await readJsonBody(request, operation.contract.body);
      if (!parsed.ok) return errorResponse(parsed.code, parsed.message, parsed.issues);
      body = parsed.value;
    }
    const sessionToken = readCookies(request)[SESSION_COOKIE];
    const req: ApiRequest = {
      request,
      url,
      ctx,
      site,
      session: await readSession(ctx, sessionToken),
      sessionToken,
      clientAddress: meta.clientAddress ?? 'unknown',
      setCookies: [],
    };
    const result = await operation.handle({ query: query.value, body }, req);
    const response = result instanceof Response ? result : toResponse(result, operation.contract);
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
  if (!result.ok) return errorResponse(result.code, result.message, result.issues);
  // Validating our own output keeps server and client contracts from drifting.
  return jsonResponse(contract.response.parse(result.value));
}
