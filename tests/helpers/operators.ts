import { handleAdminApi } from '../../src/server/http/admin-api';
import { adminOperations } from '../../src/server/http/admin/all-operations';
import type { AppContext } from '../../src/server/context';
import { addOperator } from '../../src/server/operators/operator-accounts';
import { totpCodeAt } from '../../src/server/operators/totp';
import type { OperatorRole } from '../../src/shared/contracts/admin/roles';
import { ORIGIN } from './api';

export const OPERATOR_PASSWORD = 'a-long-operator-password';

export interface AdminCallOptions {
  method?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  cookie?: string;
  packageName?: string | null;
  clientAddress?: string;
  headers?: Record<string, string>;
}

/**
 * Calls the real operator API (`handleAdminApi` with every operation) the way the server does:
 * `package-name` and, for writes, Origin set unless overridden.
 */
export async function callAdmin(
  ctx: AppContext,
  path: string,
  options: AdminCallOptions = {},
): Promise<{ status: number; json: any; cookies: string[]; headers: Headers }> {
  const url = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers = new Headers(options.headers);
  if (options.packageName !== null) headers.set('package-name', options.packageName ?? 'amora');
  headers.set('host', url.host);
  if (options.cookie) headers.set('cookie', options.cookie);
  const method = options.method ?? 'GET';
  if (method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const response = await handleAdminApi(
    adminOperations,
    new Request(url, { method, headers, body }),
    ctx,
    options.clientAddress ?? '203.0.113.9',
  );
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    cookies: response.headers.getSetCookie(),
    headers: response.headers,
  };
}

/** `amora_operator=…` of a response's Set-Cookie. */
export function operatorCookieFrom(cookies: string[]): string {
  const found = cookies.find(
    (cookie) => cookie.startsWith('amora_operator=') && !cookie.startsWith('amora_operator=;'),
  );
  if (!found) throw new Error('no operator cookie set');
  return found.split(';')[0]!;
}

/** Sets an operator's password through the setup link, as `/admin/setup` does. */
export async function setUpOperator(ctx: AppContext, email: string, role: OperatorRole): Promise<number> {
  const added = await addOperator(ctx, { email, role });
  if (!added.ok) throw new Error(`operator ${email} exists`);
  const setup = await callAdmin(ctx, '/admin/api/setup', {
    method: 'POST',
    body: { token: added.value.setupToken, password: OPERATOR_PASSWORD },
  });
  if (setup.status !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.json)}`);
  return added.value.id;
}

/**
 * An operator of `role` (e-mail `{role}@ops.example.com` unless given) logged in through the real
 * steps: setup link, password, enrolment with a TOTP code. Returns the cookie and the TOTP secret.
 * The test clock is moved 30 s on, so the next code a test makes is of a new step.
 */
export async function loggedInOperator(
  ctx: AppContext & { clock: { advance?(ms: number): void } },
  role: OperatorRole,
  email = `${role}@ops.example.com`,
): Promise<{ id: number; cookie: string; secret: string; email: string }> {
  const id = await setUpOperator(ctx, email, role);
  const login = await callAdmin(ctx, '/admin/api/login', {
    method: 'POST',
    body: { email, password: OPERATOR_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  const secret = login.json.enrolment.secret as string;
  const code = await totpCodeAt(secret, ctx.clock.now().getTime());
  const second = await callAdmin(ctx, '/admin/api/second-factor', {
    method: 'POST',
    body: { code },
    cookie: operatorCookieFrom(login.cookies),
  });
  if (second.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(second.json)}`);
  ctx.clock.advance?.(30_000);
  return { id, cookie: operatorCookieFrom(second.cookies), secret, email };
}
