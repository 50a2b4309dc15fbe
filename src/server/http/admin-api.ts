import type { z } from 'zod';
import type { AdminContract, AdminErrorOf } from '~/shared/contracts/admin/define';
import { MAX_ID } from '~/shared/contracts/fields';
import type { Failure, Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { OPERATOR_COOKIE, readOperatorSession, type OperatorSession } from '../operators/operator-sessions';
import { isInRanges } from '../security/ip-ranges';
import { resolveSiteForApi } from '../sites/resolve-site';
import type { SiteConfig } from '../sites/site-config';
import { isOriginAllowed } from './allowed-origin';
import { readCookies, secureCookies } from './cookies';
import { parseQuery, readJsonBody } from './parse';
import { errorResponse, jsonResponse } from './responses';

/** What an operator operation's handler gets. `session` is null only for `roles: 'anyone'`. */
export interface OperatorRequest {
  request: Request;
  url: URL;
  ctx: AppContext;
  session: OperatorSession | null;
  sessionToken: string | undefined;
  clientAddress: string;
  /** The site of the `package-name` header: its public_url is the origin of links the console hands out. */
  site: SiteConfig;
  /** Whether cookies set on this answer carry `Secure` (secureCookies()). */
  secureCookies: boolean;
  /** Set-Cookie header values to add to the response. */
  setCookies: string[];
}

/** The request of an operation that needs a fully logged-in operator. */
export interface ActiveOperatorRequest extends OperatorRequest {
  session: OperatorSession;
}

type RequestOf<C extends AdminContract> = C['roles'] extends 'anyone' ? OperatorRequest : ActiveOperatorRequest;

export type AdminHandler<C extends AdminContract> = (
  input: { query: z.output<C['query']>; body: z.output<C['body']>; params: Record<string, string> },
  req: RequestOf<C>,
) => Promise<Result<z.input<C['response']>, AdminErrorOf<C>>>;

/** One operator operation: contract plus handler. */
export interface AdminOperation<C extends AdminContract = AdminContract> {
  contract: C;
  handle(input: Parameters<AdminHandler<C>>[0], req: RequestOf<C>): ReturnType<AdminHandler<C>>;
}

/** Binds a handler to its admin contract. */
export function defineAdminOperation<C extends AdminContract>(contract: C, handle: AdminHandler<C>): AdminOperation<C> {
  return { contract, handle };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the console answers this client address (ADMIN_ALLOWED_IPS; unset → every address). */
export function isAdminAddressAllowed(ctx: AppContext, clientAddress: string): boolean {
  return ctx.config.adminAllowedIps === null || isInRanges(clientAddress, ctx.config.adminAllowedIps);
}

/**
 * Runs one call of the operator API (`/admin/api/*`, docs/product.md §13 Access): a client
 * address outside ADMIN_ALLOWED_IPS → 404; the member API's CSRF defence (required
 * `package-name` header of a known site, Origin check); operation by path and method; query and
 * body parsed by the contract; then the operator session of the `/admin` cookie only (a member
 * session is never read here): none, or one still waiting for its second factor →
 * `not_logged_in` (403), a role the contract does not list → `forbidden` (403). `roles: 'anyone'`
 * operations (the log-in steps) get whatever session there is.
 */
export async function handleAdminApi(
  operations: AdminOperation[],
  request: Request,
  ctx: AppContext,
  clientAddress: string,
): Promise<Response> {
  const url = new URL(request.url);
  try {
    if (!isAdminAddressAllowed(ctx, clientAddress)) return errorResponse('not_found');
    const site = resolveSiteForApi(ctx.sites, request.headers);
    if (site === 'missing') return errorResponse('missing_package_name');
    if (site === 'unknown') return errorResponse('unknown_site');
    if (!isOriginAllowed(request, url, site)) return errorResponse('forbidden_origin');
    const atPath = operations.filter((op) => matchPath(op.contract.path, url.pathname) !== null);
    if (atPath.length === 0) return errorResponse('not_found');
    const operation = atPath.find((op) => op.contract.method === request.method);
    if (!operation) {
      const allow = [...new Set(atPath.map((op) => op.contract.method))].join(', ');
      return errorResponse('method_not_allowed', undefined, undefined, { allow });
    }
    const sessionToken = readCookies(request)[OPERATOR_COOKIE];
    const session = await readOperatorSession(ctx, sessionToken);
    const { roles } = operation.contract;
    if (roles !== 'anyone') {
      if (!session || session.stage !== 'active') return errorResponse('not_logged_in');
      if (!roles.includes(session.operator.role)) return errorResponse('forbidden');
    }
    const query = parseQuery(url, operation.contract.query);
    if (!query.ok) return errorResponse(query.code, query.message, query.issues);
    let body: unknown = undefined;
    if (!SAFE_METHODS.has(request.method) && !operation.contract.body.safeParse(undefined).success) {
      const parsed = await readJsonBody(request, operation.contract.body);
      if (!parsed.ok) return errorResponse(parsed.code, parsed.message, parsed.issues);
      body = parsed.value;
    }
    const params = matchPath(operation.contract.path, url.pathname)!;
    const secure = secureCookies({ config: ctx.config, site, request, clientAddress });
    const req: OperatorRequest = {
      request,
      url,
      ctx,
      session,
      sessionToken,
      clientAddress,
      site,
      secureCookies: secure,
      setCookies: [],
    };
    const result = await operation.handle({ query: query.value, body, params }, req as ActiveOperatorRequest);
    const response = result.ok ? jsonResponse(operation.contract.response.parse(result.value)) : failure(result);
    for (const cookie of req.setCookies) response.headers.append('set-cookie', cookie);
    response.headers.set('cache-control', 'no-store');
    return response;
  } catch (error) {
    ctx.log.error('admin api handler failed', { path: url.pathname, method: request.method, error });
    return errorResponse('internal');
  }
}

/**
 * `/admin/api/members/:id` against a path: the `:name` values, or null when it does not match.
 * Every `:param` is a row id: a whole number from 1 to MAX_ID (docs/product.md §5 Generic), so
 * an id no row can have answers 404 before the operation runs, never a database error.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = pathname.replace(/\/$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part.startsWith(':')) {
      if (!/^\d{1,10}$/.test(have[i]!) || Number(have[i]) < 1 || Number(have[i]) > MAX_ID) return null;
      params[part.slice(1)] = have[i]!;
    } else if (part !== have[i]) return null;
  }
  return params;
}

function failure(result: Failure): Response {
  const headers: Record<string, string> =
    result.retryAfterS === undefined ? {} : { 'retry-after': String(result.retryAfterS) };
  return errorResponse(result.code, result.message, result.issues, headers);
}
