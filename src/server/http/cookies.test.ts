import { describe, expect, it } from 'vitest';
import { secureCookies, sessionCookie } from './cookies';

const production = { nodeEnv: 'production' as const, trustedProxies: [] };
const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
const noOrigin = {};

describe('secureCookies (docs/architecture.md §5 Cookies)', () => {
  it('a browser on this machine gets plain-HTTP cookies on any host of a site without public_url', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(
        secureCookies({
          config: production,
          site: noOrigin,
          request: request('http://lovelane.test:4321/api/login.php'),
          clientAddress: address,
        }),
      ).toBe(false);
  });

  it('no Host header downgrades production cookies: a remote client or a proxy on this machine gets Secure', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'lovelane.test'])
      expect(
        secureCookies({
          config: production,
          site: noOrigin,
          request: request(`http://${host}:4321/api/login.php`, { host }),
          clientAddress: '203.0.113.9',
        }),
      ).toBe(true);
    // nginx on the same machine (peer 127.0.0.1) forwarding a visitor, with or without TRUST_PROXY.
    expect(
      secureCookies({
        config: production,
        site: noOrigin,
        request: request('http://127.0.0.1:4321/api/login.php', { 'x-forwarded-for': '203.0.113.9' }),
        clientAddress: '127.0.0.1',
      }),
    ).toBe(true);
  });

  it('a loopback peer declared as a proxy (TRUST_PROXY) is a proxy, not a browser, even without its headers', () => {
    const behindNginx = { nodeEnv: 'production' as const, trustedProxies: ['127.0.0.1', '::1'] };
    for (const clientAddress of ['127.0.0.1', '::1'])
      expect(
        secureCookies({
          config: behindNginx,
          site: noOrigin,
          request: request('http://127.0.0.1:4321/'),
          clientAddress,
        }),
      ).toBe(true);
  });

  it("an https public_url keeps remote visitors Secure; an http one is the operator's choice of plain HTTP", () => {
    const local = request('http://lovelane.test:4321/');
    const https = { public_url: 'https://lovelane.test' };
    const http = { public_url: 'http://amora.internal:4321' };
    expect(secureCookies({ config: production, site: https, request: local, clientAddress: '203.0.113.9' })).toBe(true);
    expect(secureCookies({ config: production, site: https, request: local, clientAddress: '127.0.0.1' })).toBe(false);
    expect(secureCookies({ config: production, site: http, request: local, clientAddress: '203.0.113.9' })).toBe(false);
  });

  it('the development server and tests use plain-HTTP cookies on every host; TLS here always means Secure', () => {
    const remote = { site: { public_url: 'https://amora.example' }, clientAddress: '203.0.113.9' };
    for (const nodeEnv of ['development', 'test'] as const)
      expect(
        secureCookies({
          config: { nodeEnv, trustedProxies: [] },
          request: request('http://flirtbox.test:4321/'),
          ...remote,
        }),
      ).toBe(false);
    expect(
      secureCookies({
        config: { nodeEnv: 'development', trustedProxies: [] },
        site: noOrigin,
        request: request('https://flirtbox.test/'),
        clientAddress: '127.0.0.1',
      }),
    ).toBe(true);
  });

  it('writes the decision into the Set-Cookie value', () => {
    const expires = new Date('2030-01-01T00:00:00Z');
    expect(sessionCookie(true, 'tok', expires)).toMatch(/; Secure/);
    expect(sessionCookie(false, 'tok', expires)).not.toMatch(/Secure/);
  });
});
