import type { BodyInput, Contract, QueryInput, ResponseOf } from '~/shared/contracts/define';
import type { OperationName, Operations } from '~/shared/contracts/operations';
import type { RouteAddress } from '~/shared/contracts/routes';
import type { ApiIssue, ErrorCode } from '~/shared/errors';
import { readBoot } from './boot';

/** A failed API call: HTTP status plus the `{ error: { code, message, issues } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (event: 'start' | 'end' | 'error') => void;
const listeners = new Set<Listener>();
let inFlight = 0;

/**
 * Observes API activity (used by the loading bar). Calls already in flight are
 * reported as started at once, so a late subscriber still sees their end.
 * Returns an unsubscribe function.
 */
export function onApiActivity(listener: Listener): () => void {
  listeners.add(listener);
  for (let i = 0; i < inFlight; i++) listener('start');
  return () => listeners.delete(listener);
}

export interface CallInput<C extends Contract> {
  query?: QueryInput<C>;
  body?: BodyInput<C>;
  signal?: AbortSignal;
  /** Let the request outlive the page (like a beacon, but with our headers). */
  keepalive?: boolean;
  /** Background call (polling, typing pings): does not drive the loading bar. */
  quiet?: boolean;
}

/** Where an operation of either API is reached: method, path (`:id` filled from `params`), selector. */
export interface OperationAddress {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  selector?: Readonly<Record<string, string>>;
}

/** One call to send: the query, body and path parameters, and how the transport behaves. */
export interface SendInput {
  query?: unknown;
  body?: unknown;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  keepalive?: boolean;
  /** The site's package name: the required `package-name` header (docs/product.md §7). */
  packageName: string;
  /** The `message` of the ApiError for a network failure. */
  networkMessage: string;
}

/**
 * The one browser transport of both APIs (docs/architecture.md, "Operations"): builds the URL from
 * the address (`:name` path parameters, selector, query without empty values), sends
 * `package-name`, `original-host` and the JSON body with the page's cookies, and answers the parsed
 * JSON object.
 * @throws ApiError for non-2xx answers (code/message/issues from the body; the `Response` is kept
 *   as `cause`), network failures (`network`), or an answer that is not a JSON object (`internal`);
 *   an abort is rethrown as it is.
 */
export async function sendOperation(address: OperationAddress, input: SendInput): Promise<unknown> {
  const path = address.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(input.params?.[name])));
  const url = new URL(path, window.location.origin);
  const query = { ...(address.selector ?? {}), ...((input.query ?? {}) as Record<string, unknown>) };
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    'package-name': input.packageName,
    'original-host': window.location.host,
    accept: 'application/json',
  };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: address.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      credentials: 'same-origin',
      signal: input.signal,
      keepalive: input.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', input.networkMessage);
  }
  let json: unknown = undefined;
  try {
    json = await response.json();
  } catch (error) {
    // Aborted while the body was still arriving: an abort, not a broken answer.
    if ((error as Error).name === 'AbortError' || input.signal?.aborted) throw error;
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: ErrorCode; message?: string; issues?: ApiIssue[] } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'internal', error?.message ?? 'errors.internal', error?.issues);
  }
  if (json === undefined || json === null || typeof json !== 'object') {
    throw new ApiError(response.status, 'internal', 'errors.internal');
  }
  return json;
}

/**
 * Calls an operation by name (`callApi(routes.search, { query })`) through `sendOperation`: sends
 * `package-name` and `original-host` (docs/product.md §7) and the JSON body; resolves with the
 * answer typed by the operation's contract. The answer is not parsed again here: the server has
 * already parsed it with the contract's response schema (src/server/http/pipeline.ts), and leaving
 * zod out of the browser keeps it out of every page's JavaScript (docs/architecture.md §3).
 * @throws ApiError for non-2xx answers (code/message from the body), network failures (`network`),
 *   or an answer that is not JSON (`internal`).
 */
export async function callApi<K extends OperationName>(
  route: RouteAddress & { name: K },
  input: CallInput<Operations[K]> = {},
): Promise<ResponseOf<Operations[K]>> {
  const quiet = input.quiet === true;
  if (!quiet) {
    inFlight++;
    for (const listener of listeners) listener('start');
  }
  let failed = true;
  try {
    const json = await sendOperation(route, {
      query: input.query,
      body: input.body,
      signal: input.signal,
      keepalive: input.keepalive,
      packageName: readBoot().packageName,
      networkMessage: 'errors.network',
    });
    failed = false;
    return json as ResponseOf<Operations[K]>;
  } finally {
    if (!quiet) {
      inFlight--;
      for (const listener of listeners) listener(failed ? 'error' : 'end');
    }
  }
}
