import { describe, expect, it } from 'vitest';
import { countryOfIp } from './ip-country';

describe('countryOfIp', () => {
  it('knows public addresses of both families', () => {
    // A well-known public resolver's addresses (lookups only, no traffic is sent).
    expect(countryOfIp('8.8.8.8')).toBe('US');
    expect(countryOfIp('2001:4860:4860::8888')).toBe('US');
  });

  it('gives null for loopback, private and malformed addresses', () => {
    expect(countryOfIp('127.0.0.1')).toBeNull();
    expect(countryOfIp('::1')).toBeNull();
    expect(countryOfIp('10.1.2.3')).toBeNull();
    expect(countryOfIp('unknown')).toBeNull();
    expect(countryOfIp('')).toBeNull();
    expect(countryOfIp(null)).toBeNull();
  });
});
