import { describe, expect, it } from 'vitest';
import { clientAddressOf, resolveClientAddress } from './client-address';

const PROXIES = ['10.0.0.0/8', '::1'];

describe('resolveClientAddress (docs/architecture.md §5 client address)', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.1', [])).toBe('10.0.0.2');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', PROXIES)).toBe('203.0.113.7');
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    expect(resolveClientAddress('10.0.0.2', '198.51.100.1', PROXIES)).toBe('198.51.100.1');
    // The client wrote the left part itself: it cannot choose its address by sending the header.
    expect(resolveClientAddress('10.0.0.2', '1.2.3.4, 198.51.100.1', PROXIES)).toBe('198.51.100.1');
    // Two trusted proxies in a row (e.g. CDN edge inside 10/8, then the local one).
    expect(resolveClientAddress('::1', 'spoofed, 198.51.100.1, 10.9.9.9', PROXIES)).toBe('198.51.100.1');
  });

  it('takes the left-most hop when every hop is trusted, and the peer without the header', () => {
    expect(resolveClientAddress('10.0.0.2', '10.1.1.1, 10.2.2.2', PROXIES)).toBe('10.1.1.1');
    expect(resolveClientAddress('10.0.0.2', null, PROXIES)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', ' , ', PROXIES)).toBe('10.0.0.2');
  });

  it('stops at an entry that is not an address, keeping the last hop that named it', () => {
    expect(resolveClientAddress('10.0.0.2', 'unknown', PROXIES)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.1, garbage, 10.3.3.3', PROXIES)).toBe('10.3.3.3');
  });

  it('reads entries with ports and returns addresses in one canonical form', () => {
    expect(resolveClientAddress('10.0.0.2', '198.51.100.1:5123', PROXIES)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.2', '[2001:db8:0:0::7]:443', PROXIES)).toBe('2001:db8::7');
    expect(resolveClientAddress('10.0.0.2', '2001:DB8::7', PROXIES)).toBe('2001:db8::7');
    // Dual-stack sockets report IPv4 peers IPv4-mapped; they are matched and returned as IPv4.
    expect(resolveClientAddress('::ffff:10.0.0.2', '::ffff:198.51.100.1', PROXIES)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:203.0.113.7', null, [])).toBe('203.0.113.7');
    expect(resolveClientAddress('unknown', '198.51.100.1', PROXIES)).toBe('unknown');
  });
});

describe('clientAddressOf', () => {
  const request = new Request('http://localhost/api/login.php', { headers: { 'x-forwarded-for': '198.51.100.1' } });

  it('reads the route’s peer and header', () => {
    expect(clientAddressOf({ request, clientAddress: '10.0.0.2' }, PROXIES)).toBe('198.51.100.1');
    expect(clientAddressOf({ request, clientAddress: '203.0.113.7' }, PROXIES)).toBe('203.0.113.7');
  });

  it('answers unknown where Astro cannot tell the peer', () => {
    const route = {
      request,
      get clientAddress(): string {
        throw new Error('clientAddress is not available when prerendering');
      },
    };
    expect(clientAddressOf(route, PROXIES)).toBe('unknown');
  });
});
