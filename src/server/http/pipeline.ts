import type { Contract } from '~/shared/contracts/define';
import { MAX_ID } from '~/shared/contracts/fields';
import type { Failure, Result } from '~/shared/errors';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';
import { readSession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { OPERATOR_COOKIE, readOperatorSession } from '../operators';
import { isInRanges } from '../platform/security/ip-ranges';
import { resolveSiteForApi } from '../sites';
import type { SiteConfig } from '../platform/sites/site-config';
import { isOriginAllowed } from './allowed-origin';
import type { ApiRequest, HandlerInput, MemberRequest, Operation, OperatorRequest } from './api';
import { readCookies, secureCookies } from './cookies';
import { parseQuery, readJsonBody } from './parse';
import { errorResponse, jsonResponse } from './responses';

/**
 * The one operation pipeline of both APIs (docs/architecture.md, "Operations"): the member API
 * (`/api/*`, auth levels `visitor` and `member`) and the operator API (`/admin/api/*`, auth level
 * `operator` with its roles). A call passes the steps of `STEPS` in order; the first step that
 * answers ends it. A cross-cutting rule is one more step here, and holds for both APIs.
 */

/** One call on its way through the steps; each step fills in what the later ones need. */
export interface Call {
  request: Request;
  url: URL;
  ctx: AppContext;
  clientAddress: string;
  operations: readonly Operation[];
  /** Operations whose path matches (step `path`). */
  atPath?: Operation[];
  site?: SiteConfig;
  operation?: Operation;
  /** The path's `:name` values of the chosen operation. */
  params?: Record<string, string>;
  req?: ApiRequest | OperatorRequest;
  input?: HandlerInput<Contract>;
}

/** A step: an answer ends the call, `undefined` passes it on. */
export type Step = (call: Call) => Response | undefined | Promise<Response | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPERATOR_PREFIX = '/admin/api/';

/** Whether the console answers this client address (ADMIN_ALLOWED_IPS; unset → every address). */
export function isAdminAddressAllowed(ctx: AppContext, clientAddress: string): boolean {
  return ctx.config.adminAllowedIps === null || isInRanges(clientAddress, ctx.config.adminAllowedIps);
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

/** Operator API only: a client address outside ADMIN_ALLOWED_IPS gets 404 (docs/product.md §13 Access). */
const gate: Step = ({ url, ctx, clientAddress }) =>
  url.pathname.startsWith(OPERATOR_PREFIX) && !isAdminAddressAllowed(ctx, clientAddress)
    ? errorResponse('not_found')
    : undefined;

/** A path no operation has: the API's JSON 404, before any header is looked at. */
const path: Step = (call) => {
  call.atPath = call.operations.filter((op) => matchPath(op.contract.path, call.url.pathname) !== null);
  return call.atPath.length === 0 ? errorResponse('not_found') : undefined;
};

/** The `package-name` header names a known site (400 `missing_package_name` / `unknown_site`). */
const site: Step = (call) => {
  const found = resolveSiteForApi(call.ctx.sites, call.request.headers);
  if (found === 'missing') return errorResponse('missing_package_name');
  if (found === 'unknown') return errorResponse('unknown_site');
  call.site = found;
  return undefined;
};

/** CSRF: a state-changing call from another origin is refused (403 `forbidden_origin`, `isOriginAllowed`). */
const csrf: Step = ({ request, url, site }) =>
  isOriginAllowed(request, url, site!) ? undefined : errorResponse('forbidden_origin');

/**
 * The operation at this path for this method whose `selector` matches the query, else the one
 * without selector (405 with `Allow`); 404 when it is not available on this server.
 */
const route: Step = (call) => {
  const { url, request } = call;
  const candidates = call.atPath!.filter((op) => op.contract.method === request.method);
  const operation =
    candidates.find(
      (op) =>
        op.contract.selector &&
        Object.entries(op.contract.selector).every(([key, value]) => url.searchParams.get(key) === value),
    ) ?? candidates.find((op) => !op.contract.selector);
  if (!operation) {
    const allow = [...new Set(call.atPath!.map((op) => op.contract.method))].join(', ');
    return errorResponse('method_not_allowed', undefined, undefined, { allow });
  }
  if (operation.available && !operation.available(call.ctx)) return errorResponse('not_found');
  call.operation = operation;
  call.params = matchPath(operation.contract.path, url.pathname)!;
  return undefined;
};

/**
 * The session of the contract's auth level, before any input is read: `visitor`/`member` read the
 * member cookie (on this site only; `member` without one → 403 `not_logged_in`); `operator` reads
 * the operator cookie only (a member session is never read there): unless `roles: 'anyone'`, none
 * or one still waiting for its second factor → `not_logged_in`, a role not listed → `forbidden`.
 */
const auth: Step = async (call) => {
  const { request, ctx, clientAddress, url } = call;
  const contract = call.operation!.contract;
  const operator = contract.auth === 'operator';
  const sessionToken = readCookies(request)[operator ? OPERATOR_COOKIE : SESSION_COOKIE];
  const common = {
    request,
    url,
    ctx,
    site: call.site!,
    sessionToken,
    clientAddress,
    secureCookies: secureCookies({ config: ctx.config, site: call.site!, request, clientAddress }),
    setCookies: [],
  };
  if (operator) {
    const session = await readOperatorSession(ctx, sessionToken);
    const roles = contract.roles ?? [];
    if (roles !== 'anyone') {
      if (!session || session.stage !== 'active') return errorResponse('not_logged_in');
      if (!roles.includes(session.operator.role)) return errorResponse('forbidden');
    }
    call.req = { ...common, session };
    return undefined;
  }
  const session = await readSession(ctx, sessionToken, call.site!.package_name);
  if (contract.auth === 'member' && !session) return errorResponse('not_logged_in');
  call.req = { ...common, session };
  return undefined;
};

/** Query and body parsed by the contract (src/server/http/parse.ts: 400/415/413/422 with `issues`). */
const parse: Step = async (call) => {
  const { contract } = call.operation!;
  const query = parseQuery(call.url, contract.query);
  if (!query.ok) return errorResponse(query.code, query.message, query.issues);
  let body: unknown = undefined;
  if (!SAFE_METHODS.has(call.request.method) && !contract.body.safeParse(undefined).success) {
    const parsed = await readJsonBody(call.request, contract.body);
    if (!parsed.ok) return errorResponse(parsed.code, parsed.message, parsed.issues);
    body = parsed.value;
  }
  call.input = { query: query.value, body, params: call.params! };
  return undefined;
};

/** The contract's `rateLimit`, counted per member or client address (429 with `Retry-After`). */
const rateLimit: Step = async (call) => {
  const rule = call.operation!.contract.rateLimit;
  if (!rule) return undefined;
  const member = rule.per === 'member' ? (call.req as MemberRequest).session : null;
  const key = member ? `user:${member.userId}` : `ip:${call.clientAddress}`;
  const limit = await hitRateLimit(call.ctx, rule.name, key);
  return limit.allowed ? undefined : failureResponse(rateLimited(limit.retryAfterS));
};

/**
 * The handler, its result mapped: a failure to `{ error }` with its status (`retryAfterS` →
 * `Retry-After`), a success validated by the contract's response schema (so server and client
 * contracts cannot drift); Set-Cookie values the handler added go along.
 */
const handle: Step = async (call) => {
  const operation = call.operation!;
  // The auth step has checked what the handler's request type promises (session, role).
  const result = await operation.handle(call.input!, call.req as MemberRequest);
  const response = toResponse(result, operation.contract);
  for (const cookie of call.req!.setCookies) response.headers.append('set-cookie', cookie);
  return response;
};

/** The steps in order (docs/architecture.md, "Operations"). */
export const STEPS: readonly Step[] = [gate, path, site, csrf, route, auth, parse, rateLimit, handle];

/**
 * Runs one call of either API through `STEPS` over `operations`. Unexpected errors are logged and
 * answered with a plain 500 (`internal`); a client that went away mid-request gets `bad_request`.
 * Every answer is JSON with `cache-control: no-store` (`jsonResponse`).
 */
export async function runOperations(
  operations: readonly Operation[],
  request: Request,
  ctx: AppContext,
  clientAddress: string,
): Promise<Response> {
  const call: Call = { request, url: new URL(request.url), ctx, clientAddress, operations };
  const operator = call.url.pathname.startsWith(OPERATOR_PREFIX);
  try {
    for (const step of STEPS) {
      const answer = await step(call);
      if (answer) return answer;
    }
    // `handle` always answers; reaching here is a bug in the steps.
    throw new Error('operation pipeline ended without an answer');
  } catch (error) {
    if (request.signal.aborted || (error as Error | null)?.message === 'aborted') {
      // The client went away mid-request (closed tab, navigation): nothing to answer.
      ctx.log.debug('api request aborted by the client', { path: call.url.pathname });
      return errorResponse('bad_request');
    }
    ctx.log.error(operator ? 'admin api handler failed' : 'api handler failed', {
      path: call.url.pathname,
      method: request.method,
      error,
    });
    return errorResponse('internal');
  }
}

function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'retry-after': String(seconds) };
}

function toResponse(result: Result<unknown>, contract: Contract): Response {
  if (!result.ok) return failureResponse(result);
  return jsonResponse(contract.response.parse(result.value));
}

function failureResponse(failure: Failure): Response {
  return errorResponse(failure.code, failure.message, failure.issues, retryAfter(failure.retryAfterS));
}
