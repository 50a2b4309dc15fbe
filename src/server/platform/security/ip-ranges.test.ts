import { describe, expect, it } from 'vitest';
import { isInRanges, parseIpRange, type IpRange } from './ip-ranges';

const ranges = (...texts: string[]): IpRange[] => texts.map((text) => parseIpRange(text)!);

describe('parseIpRange', () => {
  it('takes CIDR ranges and single addresses of both families', () => {
    expect(parseIpRange('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseIpRange(' 127.0.0.1 ')?.[1]).toBe(32);
    expect(parseIpRange('::1')?.[1]).toBe(128);
    expect(parseIpRange('2001:db8::/32')?.[1]).toBe(32);
    expect(parseIpRange('::ffff:10.0.0.0/104')?.map(String)).toEqual(['10.0.0.0', '8']);
  });

  it('refuses anything else', () => {
    for (const text of ['', '1', 'proxy.internal', '10.0.0.0/33', '::/129', '10.0.0.0/', '/8', '10.1/8']) {
      expect(parseIpRange(text)).toBeNull();
    }
  });
});

describe('isInRanges', () => {
  it('matches by family, including IPv4-mapped IPv6 against IPv4 ranges', () => {
    const trusted = ranges('10.0.0.0/8', '::1', '2001:db8:1::/48');
    expect(isInRanges('10.200.3.4', trusted)).toBe(true);
    expect(isInRanges('::ffff:10.200.3.4', trusted)).toBe(true);
    expect(isInRanges('::1', trusted)).toBe(true);
    expect(isInRanges('2001:db8:1:ffff::9', trusted)).toBe(true);
    expect(isInRanges('11.0.0.1', trusted)).toBe(false);
    expect(isInRanges('127.0.0.1', trusted)).toBe(false);
    expect(isInRanges('2001:db8:2::1', trusted)).toBe(false);
    expect(isInRanges('unknown', trusted)).toBe(false);
    expect(isInRanges('10.0.0.1', [])).toBe(false);
  });
});
