import { isInRanges, parseIpRange, type IpRange } from '../platform/security/ip-ranges';
import { parseIpAddress, type IpAddress } from '../platform/security/public-address';

/** The slice of Astro's APIContext that carries the peer address (structural: no astro import here). */
export interface AddressedRoute {
  request: Request;
  /** The socket's peer; Astro throws where the adapter cannot tell it (e.g. prerendering). */
  clientAddress: string;
}

const compiledRanges = new WeakMap<readonly string[], IpRange[]>();

function rangesOf(trustedProxies: readonly string[]): IpRange[] {
  let ranges = compiledRanges.get(trustedProxies);
  if (!ranges) {
    ranges = trustedProxies.map(parseIpRange).filter((range): range is IpRange => range !== null);
    compiledRanges.set(trustedProxies, ranges);
  }
  return ranges;
}

/** One X-Forwarded-For entry as an address; some proxies add a port (`1.2.3.4:5678`, `[2001:db8::1]:443`). */
function parseForwardedEntry(entry: string): IpAddress | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return parseIpAddress(bracketed[1]!);
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return parseIpAddress(v4WithPort ? v4WithPort[1]! : entry);
}

/**
 * The client's address for rate limits, session countries and logs (docs/architecture.md §5,
 * client address). It is the socket's `peer` unless the peer is one of `trustedProxies`
 * (TRUST_PROXY: addresses or CIDR ranges). Then `X-Forwarded-For` is read from the right, where
 * each proxy appended the address it was contacted from: trusted hops are skipped and the first
 * address that is not trusted is the client; what lies left of it was written by the client and is
 * ignored. When every hop is trusted the left-most one is taken; an entry that is not an address
 * stops the walk at the last hop that named it. Addresses come back canonical (IPv4-mapped IPv6 as
 * IPv4, IPv6 compressed); a peer that is not an address (`unknown`) comes back unchanged.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | null,
  trustedProxies: readonly string[],
): string {
  const peerIp = parseIpAddress(peer);
  if (!peerIp) return peer;
  const ranges = rangesOf(trustedProxies);
  let client = peerIp;
  if (ranges.length > 0 && isInRanges(peerIp, ranges) && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseForwardedEntry(hops[i]!);
      if (!hop) break;
      client = hop;
      if (!isInRanges(hop, ranges)) break;
    }
  }
  return client.toString();
}

/** `resolveClientAddress` for an Astro route: its peer address (`unknown` if Astro cannot tell) and headers. */
export function clientAddressOf(route: AddressedRoute, trustedProxies: readonly string[]): string {
  let peer = 'unknown';
  try {
    peer = route.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address (e.g. prerendering).
  }
  return resolveClientAddress(peer, route.request.headers.get('x-forwarded-for'), trustedProxies);
}
