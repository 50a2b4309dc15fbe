import ipaddr from 'ipaddr.js';

/** A parsed IP address: IPv4 or IPv6 (ipaddr.js). */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The IPv6 space IANA hands out as global unicast; everything outside it is special or unallocated. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Parses an IP literal, square brackets allowed (`[::1]`, as in a URL's hostname). An IPv4-mapped
 * IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) becomes the IPv4 address it carries, so one
 * address has one form for every check. Only standard notation is accepted (four decimal parts
 * for IPv4); a URL's hostname is already in that form.
 * @returns null when the text is not an IP address.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return null;
  const v6 = ipaddr.IPv6.parse(bare);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * True when the address is public unicast: reachable on the internet and not one of the special
 * ranges ipaddr.js classifies (unspecified `0.0.0.0/8` and `::`, loopback, private, link-local,
 * carrier-grade NAT, multicast, broadcast, reserved, documentation, benchmarking, unique local,
 * NAT64, 6to4, Teredo, …). IPv6 must also lie in global unicast `2000::/3`, which rules out the
 * deprecated IPv4-compatible form `::a.b.c.d`. IPv4-mapped IPv6 is judged as the IPv4 it carries.
 * Non-IP text is not public. Implements the endpoint rule of docs/product.md §7 (push).
 */
export function isPublicUnicastAddress(address: string | IpAddress): boolean {
  const ip = typeof address === 'string' ? parseIpAddress(address) : unwrapMapped(address);
  if (!ip || ip.range() !== 'unicast') return false;
  return ip instanceof ipaddr.IPv4 || ip.match(GLOBAL_UNICAST_V6);
}

/** True for a loopback address (`127.0.0.0/8`, `::1`, and IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | IpAddress): boolean {
  const ip = typeof address === 'string' ? parseIpAddress(address) : unwrapMapped(address);
  return ip?.range() === 'loopback';
}

function unwrapMapped(ip: IpAddress): IpAddress {
  return ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}
