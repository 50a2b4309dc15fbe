import ipaddr from 'ipaddr.js';
import { parseIpAddress, type IpAddress } from './public-address';

/** An address range: network address and prefix length. */
export type IpRange = [IpAddress, number];

/**
 * Parses `10.0.0.0/8`, `2001:db8::/32` or a single address (`127.0.0.1` → `/32`, `::1` → `/128`).
 * An IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`) becomes the IPv4 range it covers, the way
 * `parseIpAddress` unwraps such addresses.
 * @returns null when the text is neither.
 */
export function parseIpRange(text: string): IpRange | null {
  const trimmed = text.trim();
  if (!trimmed.includes('/')) {
    const single = parseIpAddress(trimmed);
    return single ? [single, single.kind() === 'ipv4' ? 32 : 128] : null;
  }
  if (!ipaddr.isValidCIDR(trimmed)) return null;
  const [network, bits] = ipaddr.parseCIDR(trimmed);
  if (network instanceof ipaddr.IPv6 && network.isIPv4MappedAddress() && bits >= 96) {
    return [network.toIPv4Address(), bits - 96];
  }
  if (network instanceof ipaddr.IPv4 && !ipaddr.IPv4.isValidFourPartDecimal(trimmed.split('/')[0]!)) return null;
  return [network, bits];
}

/** True when `address` (any notation `parseIpAddress` takes) lies in one of `ranges`. */
export function isInRanges(address: string | IpAddress, ranges: readonly IpRange[]): boolean {
  const ip = typeof address === 'string' ? parseIpAddress(address) : address;
  if (!ip) return false;
  return ranges.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits));
}
