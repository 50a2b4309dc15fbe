import type { Operation } from '../../src/server/http/api';
import { handleApi } from '../../src/server/http/api';
import type { AppContext } from '../../src/server/context';

export const ORIGIN = 'http://localhost:4321';

export interface CallOptions {
  method?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  packageName?: string | null;
  clientAddress?: string;
}

/**
 * Calls a real endpoint handler the way the server does, with the required
 * headers set unless overridden. Returns the response and its parsed JSON.
 */
export async function callApi(
  ctx: AppContext,
  operations: Operation[],
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; json: any; response: Response; cookies: string[] }> {
  const url = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers = new Headers(options.headers);
  if (options.packageName !== null) headers.set('package-name', options.packageName ?? 'amora');
  headers.set('host', url.host);
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const method = options.method ?? 'GET';
  if (method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN);
  const request = new Request(url, { method, headers, body });
  const response = await handleApi(operations, request, ctx, { clientAddress: options.clientAddress ?? '203.0.113.7' });
  const text = await response.clone().text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, json, response, cookies: response.headers.getSetCookie() };
}

/** `name=value` of the session cookie in a response, for the next call. */
export function sessionCookieFrom(cookies: string[]): string {
  const found = cookies.find((cookie) => cookie.startsWith('amora_session='));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}
