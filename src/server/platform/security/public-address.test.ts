import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicUnicastAddress, parseIpAddress } from './public-address';

describe('isPublicUnicastAddress (docs/product.md §7 push endpoints)', () => {
  it.each([
    '8.8.8.8',
    '142.250.74.10',
    '1.1.1.1',
    '2001:4860:4860::8888',
    '[2a00:1450:4001:82b::200a]',
    '::ffff:8.8.8.8', // IPv4-mapped public address: judged as the IPv4 it carries
  ])('accepts the public unicast address %s', (address) => {
    expect(isPublicUnicastAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['::', 'unspecified v6'],
    ['[::]', 'unspecified v6 in brackets'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['::1', 'loopback v6'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['[::ffff:7f00:1]', 'IPv4-mapped loopback in brackets'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145) loopback'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated) loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, top'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'link-local v6'],
    ['fd00::1', 'unique local v6'],
    ['fc00::1', 'unique local v6, fc'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT, top'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['ff02::1', 'multicast v6'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.18.0.1', 'benchmarking'],
    ['2001:db8::1', 'documentation v6'],
    ['fec0::1', 'deprecated site-local'],
    ['3fff::1', 'outside global unicast 2000::/3 (documentation)'],
    ['4000::1', 'outside global unicast 2000::/3'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicUnicastAddress(address)).toBe(false);
  });

  it('refuses text that is not a standard IP address', () => {
    for (const text of [
      '',
      'localhost',
      'fcm.googleapis.com',
      '127.1',
      '2130706433',
      '0x7f.0.0.1',
      '1.2.3',
      '[1.2.3.4]x',
    ]) {
      expect(isPublicUnicastAddress(text)).toBe(false);
    }
  });
});

describe('parseIpAddress', () => {
  it('unwraps IPv4-mapped IPv6 and brackets, returns null for non-addresses', () => {
    expect(parseIpAddress('::ffff:7f00:1')?.toString()).toBe('127.0.0.1');
    expect(parseIpAddress('[::ffff:203.0.113.9]')?.toString()).toBe('203.0.113.9');
    expect(parseIpAddress('[2001:db8:0:0::1]')?.toString()).toBe('2001:db8::1');
    expect(parseIpAddress('example.com')).toBeNull();
    expect(parseIpAddress('127.1')).toBeNull();
  });
});

describe('isLoopbackAddress', () => {
  it('knows loopback in every form and nothing else', () => {
    expect(
      ['127.0.0.1', '127.9.9.9', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1'].every(isLoopbackAddress),
    ).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '8.8.8.8', 'localhost'].some(isLoopbackAddress)).toBe(false);
  });
});
