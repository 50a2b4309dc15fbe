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

/**
 * Calls an operation by name (`callApi(routes.search, { query })`): sends `package-name` and
 * `original-host` (docs/product.md §7) and the JSON body; resolves with the answer typed by the
 * operation's contract. The answer is not parsed again here: the server has already parsed it with
 * the contract's response schema (src/server/http/api.ts), and leaving zod out of the browser keeps
 * it out of every page's JavaScript (docs/architecture.md §3).
 * @throws ApiError for non-2xx answers (code/message from the body), network failures (`network`),
 *   or an answer that is not JSON (`internal`).
 */
export async function callApi<K extends OperationName>(
  route: RouteAddress & { name: K },
  input: CallInput<Operations[K]> = {},
): Promise<ResponseOf<Operations[K]>> {
  const url = new URL(route.path, window.location.origin);
  const query = { ...(route.selector ?? {}), ...((input.query ?? {}) as Record<string, unknown>) };
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    'package-name': readBoot().packageName,
    'original-host': window.location.host,
    accept: 'application/json',
  };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const quiet = input.quiet === true;
  if (!quiet) {
    inFlight++;
    for (const listener of listeners) listener('start');
  }
  let failed = false;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        credentials: 'same-origin',
        signal: input.signal,
        keepalive: input.keepalive,
      });
    } catch (error) {
      failed = true;
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network', 'errors.network');
    }
    let json: unknown = undefined;
    try {
      json = await response.json();
    } catch (error) {
      // Aborted while the body was still arriving: an abort, not a broken answer.
      if ((error as Error).name === 'AbortError' || input.signal?.aborted) {
        failed = true;
        throw error;
      }
    }
    if (!response.ok) {
      failed = true;
      const error = (json as { error?: { code?: ErrorCode; message?: string; issues?: ApiIssue[] } } | null)?.error;
      throw new ApiError(
        response.status,
        error?.code ?? 'internal',
        error?.message ?? 'errors.internal',
        error?.issues,
      );
    }
    if (json === undefined || json === null || typeof json !== 'object') {
      failed = true;
      throw new ApiError(response.status, 'internal', 'errors.internal');
    }
    return json as ResponseOf<Operations[K]>;
  } finally {
    if (!quiet) {
      inFlight--;
      for (const listener of listeners) listener(failed ? 'error' : 'end');
    }
  }
}
