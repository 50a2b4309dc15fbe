import { describe, expect, it } from 'vitest';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { handleApiRoute } from '../../src/server/http/route';
import { ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';

// The reverse proxy sits in 10.0.0.0/8; three failed logins per client address are allowed.
const { ctx } = useTestContext({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_LOGINS_PER_10_MIN: '3' });

let attempt = 0;

/** One failed login (a new e-mail each time, so only the per-address limit counts) as the Astro route gets it. */
async function failedLogin(peer: string, forwardedFor?: string): Promise<number> {
  const headers = new Headers({ 'package-name': 'amora', origin: ORIGIN, 'content-type': 'application/json' });
  headers.set('host', new URL(ORIGIN).host);
  if (forwardedFor !== undefined) headers.set('x-forwarded-for', forwardedFor);
  const request = new Request(new URL('/api/login.php', ORIGIN), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `nobody${++attempt}@example.com`, password: 'wrong-pass' }),
  });
  const response = await handleApiRoute(loginEndpoint, { request, clientAddress: peer }, ctx());
  return response.status;
}

describe('client address behind TRUST_PROXY (docs/architecture.md §5 client address)', () => {
  it('limits each client behind the trusted proxy on its own', async () => {
    for (let i = 0; i < 3; i++) expect(await failedLogin('10.0.0.2', '198.51.100.1')).toBe(401);
    expect(await failedLogin('10.0.0.2', '198.51.100.1')).toBe(429);
    // Another visitor through the same proxy is not blocked by the first one's attempts.
    expect(await failedLogin('10.0.0.2', '198.51.100.2')).toBe(401);
    expect(await failedLogin('::ffff:10.0.0.2', '198.51.100.2')).toBe(401);
  });

  it('does not let a client pick its address by sending X-Forwarded-For itself', async () => {
    for (let i = 0; i < 3; i++) expect(await failedLogin('10.0.0.2', `192.0.2.${i}, 198.51.100.3`)).toBe(401);
    expect(await failedLogin('10.0.0.2', '192.0.2.99, 198.51.100.3')).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) expect(await failedLogin('203.0.113.50', `198.51.100.${10 + i}`)).toBe(401);
    expect(await failedLogin('203.0.113.50', '198.51.100.99')).toBe(429);
    expect(await failedLogin('203.0.113.51')).toBe(401);
  });
});
