import { describe, expect, it } from 'vitest';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { resolvePageContext } from '../../src/server/http/page-context';
import { callApi, ORIGIN, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

/** A page or stream request as a browser on `host` (the proxy's `original-host`) sends it. */
const pageRequest = (path: string, cookie: string, host?: string) =>
  new Request(new URL(path, ORIGIN), { headers: host ? { cookie, 'original-host': host } : { cookie } });

describe('a session works only on the site that created it (docs/product.md §10 Sessions)', () => {
  it('is no session for API calls with another site’s package-name', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Anna');
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie })).status).toBe(200);
    const other = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie, packageName: 'lovelane' });
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe('not_logged_in');
    const write = await callApi(ctx(), notificationsEndpoint, '/api/notifications.php', {
      method: 'PUT',
      body: { like_mail: false },
      cookie,
      packageName: 'lovelane',
    });
    expect(write.status).toBe(403);
    expect(write.json.error.code).toBe('not_logged_in');
  });

  it('keeps a lovelane session to lovelane', async () => {
    await createMember(ctx(), { name: 'Bea', email: 'bea@example.com', site: 'lovelane' });
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      packageName: 'lovelane',
      body: { email: 'bea@example.com', password: MEMBER_PASSWORD },
    });
    const cookie = sessionCookieFrom(login.cookies);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie, packageName: 'lovelane' })).status).toBe(200);
    expect((await callApi(ctx(), userEndpoint, '/api/user.php', { cookie })).status).toBe(403);
  });

  it('shows another site’s pages as to a visitor', async () => {
    const { id, cookie } = await loggedInMember(ctx(), 'Cleo');
    expect((await resolvePageContext(ctx(), pageRequest('/members', cookie))).userId).toBe(id);
    const other = await resolvePageContext(ctx(), pageRequest('/members', cookie, 'lovelane.test'));
    expect(other.site.package_name).toBe('lovelane');
    expect(other.user).toBeNull();
    expect(other.userId).toBeNull();
  });

  it('opens no event stream on another site', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Dora');
    const other = await eventStreamResponse(ctx(), pageRequest('/api/events.php', cookie, 'flirtbox.test'));
    expect(other.status).toBe(403);
    const abort = new AbortController();
    const own = await eventStreamResponse(
      ctx(),
      new Request(new URL('/api/events.php', ORIGIN), { headers: { cookie }, signal: abort.signal }),
    );
    expect(own.status).toBe(200);
    abort.abort();
    await own.body?.cancel().catch(() => undefined);
  });
});
