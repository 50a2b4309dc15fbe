import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../platform/sites/site-config';
import { isOriginAllowed } from './allowed-origin';

const lovelane = { package_name: 'lovelane', hosts: ['lovelane.test', 'www.lovelane.test'] } as SiteConfig;

/** Whether a PUT to `target` with `origin` (and any extra headers) passes for lovelane. */
function allowed(target: string, origin: string | null, headers: Record<string, string> = {}): boolean {
  const request = new Request(target, { method: 'PUT', headers: origin ? { origin, ...headers } : headers });
  return isOriginAllowed(request, new URL(request.url), lovelane);
}

describe('isOriginAllowed', () => {
  it('lets safe methods and calls without Origin through', () => {
    expect(
      isOriginAllowed(
        new Request('http://x.test/api', { headers: { origin: 'https://evil.test' } }),
        new URL('http://x.test/api'),
        lovelane,
      ),
    ).toBe(true);
    expect(allowed('http://127.0.0.1:4321/api', null)).toBe(true);
  });

  it('takes every configured host over https, behind a proxy whatever its Host', () => {
    expect(allowed('http://127.0.0.1:4321/api', 'https://lovelane.test')).toBe(true);
    expect(allowed('http://127.0.0.1:4321/api', 'https://www.lovelane.test')).toBe(true);
    expect(allowed('http://127.0.0.1:4321/api', 'https://www.lovelane.test:443')).toBe(true);
  });

  it('takes the public_url with its port (a staging server on :8443), and no other port', () => {
    const staging = { ...lovelane, public_url: 'https://lovelane.test:8443' } as SiteConfig;
    const put = (origin: string) =>
      isOriginAllowed(
        new Request('http://127.0.0.1:4321/api', { method: 'PUT', headers: { origin } }),
        new URL('http://127.0.0.1:4321/api'),
        staging,
      );
    expect(put('https://lovelane.test:8443')).toBe(true);
    expect(put('https://lovelane.test:8444')).toBe(false);
    expect(allowed('http://127.0.0.1:4321/api', 'https://lovelane.test:8443')).toBe(false);
  });

  it('never trusts original-host', () => {
    expect(allowed('http://127.0.0.1:4321/api', 'https://evil.test', { 'original-host': 'evil.test' })).toBe(false);
    expect(allowed('http://127.0.0.1:4321/api', 'http://evil.test:4321', { 'original-host': 'evil.test:4321' })).toBe(
      false,
    );
  });

  it('takes the request’s own origin on loopback and on the site’s hosts only', () => {
    expect(allowed('http://127.0.0.1:4321/api', 'http://127.0.0.1:4321')).toBe(true);
    expect(allowed('http://[::1]:4321/api', 'http://[::1]:4321')).toBe(true);
    expect(allowed('http://lovelane.test:4321/api', 'http://lovelane.test:4321')).toBe(true);
    expect(allowed('http://127.0.0.1:4321/api', 'http://127.0.0.1:4322')).toBe(false);
    expect(allowed('http://127.0.0.1:4321/api', 'http://localhost:4321')).toBe(false);
    expect(allowed('http://amora.test:4321/api', 'http://amora.test:4321')).toBe(false);
    expect(allowed('http://evil.test/api', 'http://evil.test')).toBe(false);
  });

  it('refuses look-alikes, plain http on public hosts, other ports and opaque origins', () => {
    for (const origin of [
      'https://lovelane.test.evil.test',
      'https://evil-lovelane.test',
      'http://lovelane.test',
      'https://lovelane.test:8443',
      'null',
      'file://',
    ]) {
      expect(allowed('http://127.0.0.1:4321/api', origin), origin).toBe(false);
    }
  });

  it('refuses cross-site fetches named by Sec-Fetch-Site', () => {
    expect(allowed('http://127.0.0.1:4321/api', 'https://lovelane.test', { 'sec-fetch-site': 'cross-site' })).toBe(
      false,
    );
  });
});
