import dns from 'node:dns';
import pTimeout from 'p-timeout';
import type { Config } from '../config';
import { isLoopbackAddress, isPublicUnicastAddress, parseIpAddress } from '../platform/security/public-address';

/**
 * Where the server may send pushes (docs/product.md §7, push endpoints). A member hands us the
 * endpoint URL, so without these rules they could make the server connect anywhere (SSRF).
 */
export interface PushEndpointPolicy {
  /** PUSH_ALLOW_INSECURE_ENDPOINTS (tests only): loopback addresses pass too, for the stand-in push service. */
  allowLoopback: boolean;
  /** PUSH_ENDPOINT_DOMAINS: when non-empty the host must be one of these domains or below one of them. */
  domains: readonly string[];
}

/** The endpoint policy of a configuration (PUSH_ALLOW_INSECURE_ENDPOINTS, PUSH_ENDPOINT_DOMAINS). */
export function pushEndpointPolicy(config: Config): PushEndpointPolicy {
  return { allowLoopback: config.pushAllowInsecureEndpoints, domains: config.pushEndpointDomains };
}

/** Resolves a host name to all of its addresses. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** How long the subscribe-time DNS check waits before refusing the endpoint (ms). */
const RESOLVE_TIMEOUT_MS = 5_000;

/** True for an address a push may be sent to: public unicast, or loopback when the test switch allows it. */
export function isAllowedPushAddress(address: string, policy: PushEndpointPolicy): boolean {
  return isPublicUnicastAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
}

/**
 * The checks that need no DNS: an https URL without credentials whose host, if an IP literal, is an
 * allowed address and, if a domain list is configured, is a name within it (IP literals never are).
 * @returns the host name to resolve, `null` for an allowed IP literal, or `false` when refused.
 */
export function checkEndpointUrl(endpoint: string, policy: PushEndpointPolicy): string | null | false {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const literal = parseIpAddress(url.hostname);
  if (literal) return policy.domains.length === 0 && isAllowedPushAddress(url.hostname, policy) ? null : false;
  const host = url.hostname.replace(/\.$/, '');
  if (policy.domains.length > 0 && !policy.domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    return false;
  }
  return host;
}

/**
 * True when pushes may go to `endpoint`: `checkEndpointUrl` passes and its host name resolves,
 * within 5 s, to at least one address, every one of them allowed (`isAllowedPushAddress`). The
 * push service checks the addresses again when it connects (`createPushService`).
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: ResolveHost = resolveAll,
): Promise<boolean> {
  const host = checkEndpointUrl(endpoint, policy);
  if (host === false) return false;
  if (host === null) return true;
  try {
    const addresses = await pTimeout(resolve(host), { milliseconds: RESOLVE_TIMEOUT_MS });
    return addresses.length > 0 && addresses.every((address) => isAllowedPushAddress(address, policy));
  } catch {
    return false;
  }
}

/** The system resolver (as the connection will use it), every address of both families. */
async function resolveAll(hostname: string): Promise<string[]> {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}
