import type { AppContext } from '../../src/server/context';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { callApi, sessionCookieFrom } from './api';
import { createMember, MEMBER_PASSWORD } from './factories';

/**
 * Creates a member named `name` (e-mail `{name}@example.com`) and logs them in through the real
 * login endpoint, on the member's site (`overrides.site`, default amora): a session works there only.
 */
export async function loggedInMember(
  ctx: AppContext,
  name: string,
  overrides: Parameters<typeof createMember>[1] = {},
): Promise<{ id: number; cookie: string }> {
  const email = `${name.toLowerCase()}@example.com`;
  const id = await createMember(ctx, { name, email, ...overrides });
  const login = await callApi(ctx, loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email, password: MEMBER_PASSWORD },
    packageName: overrides.site,
  });
  return { id, cookie: sessionCookieFrom(login.cookies) };
}
