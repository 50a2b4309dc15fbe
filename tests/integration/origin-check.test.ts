import { beforeEach, describe, expect, it } from 'vitest';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();
let cookie = '';

beforeEach(async () => {
  cookie = (await loggedInMember(ctx(), 'Olga')).cookie;
});

/** A state-changing member call (PUT) with the given headers; the session belongs to an amora member. */
async function put(headers: Record<string, string>, options: { packageName?: string; url?: string } = {}) {
  return callApi(ctx(), notificationsEndpoint, options.url ?? '/api/notifications.php', {
    method: 'PUT',
    body: { like_mail: false },
    cookie,
    packageName: options.packageName,
    headers,
  });
}

describe('Origin check of state-changing calls (docs/product.md §7)', () => {
  it('refuses an Origin named by original-host when it is not one of the site’s hosts', async () => {
    const { status, json } = await put({ origin: 'http://evil.test', 'original-host': 'evil.test' });
    expect(status).toBe(403);
    expect(json.error.code).toBe('forbidden_origin');
  });

  it('refuses an Origin whose Host header the caller made up (DNS rebinding)', async () => {
    // The helper sends the URL's host as Host: here evil.test, an address that leads to this server.
    const { status } = await put({ origin: 'http://evil.test' }, { url: 'http://evil.test/api/notifications.php' });
    expect(status).toBe(403);
  });

  it('accepts the https origin of each of the site’s configured hosts', async () => {
    expect((await put({ origin: 'https://amora.test' })).status).toBe(200);
    expect((await put({ origin: 'https://AMORA.test' })).status).toBe(200);
  });

  it('refuses another site’s host, plain http, another port and opaque origins', async () => {
    for (const origin of [
      'https://lovelane.test',
      'http://amora.test',
      'https://amora.test:8443',
      'https://amora.test.evil.test',
      'null',
      'not a url',
    ]) {
      const { status } = await put({ origin });
      expect(status, origin).toBe(403);
    }
  });

  it('accepts the request’s own loopback origin (development and test servers on one host)', async () => {
    // The test helper reaches the server as http://localhost:4321, the address a developer opens.
    expect((await put({ origin: 'http://localhost:4321' })).status).toBe(200);
    // Another port on loopback is another program, not this server.
    expect((await put({ origin: 'http://localhost:9999' })).status).toBe(403);
  });

  it('accepts the request’s own origin when its host is one of the site’s hosts (a hosts-file setup)', async () => {
    const url = 'http://amora.test:4321/api/notifications.php';
    expect((await put({ origin: 'http://amora.test:4321' }, { url })).status).toBe(200);
    // Another site's host is not this site's, even as the request's own origin.
    const lovelane = 'http://lovelane.test:4321/api/notifications.php';
    expect((await put({ origin: 'http://lovelane.test:4321' }, { url: lovelane })).status).toBe(403);
  });

  it('still refuses cross-site fetches by Sec-Fetch-Site', async () => {
    expect((await put({ origin: 'https://amora.test', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});
