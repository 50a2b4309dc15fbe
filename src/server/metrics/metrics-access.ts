/**
 * Who may read `/metrics` (docs/architecture.md §5 Metrics): a scraper presenting METRICS_TOKEN as
 * a Bearer token, or one whose client address (as the project computes it, TRUST_PROXY included)
 * is in METRICS_ALLOWED_IPS; either is enough. With neither configured, `/metrics` does not exist
 * (404), so nothing leaks from a server nobody set up for scraping.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isInRanges, type IpRange } from '../platform/security/ip-ranges';
import { parseIpAddress } from '../platform/security/public-address';

/** The metrics part of the configuration (config.ts: METRICS_TOKEN, METRICS_ALLOWED_IPS). */
export interface MetricsAccessConfig {
  token: string | null;
  allowedIps: IpRange[] | null;
}

/**
 * `allowed`; `not_configured` (answer 404); `unauthorized` (a token is configured and none or a
 * wrong one came: 401); `forbidden` (only an address list is configured and the client is not on it: 403).
 */
export type MetricsAccess = 'allowed' | 'not_configured' | 'unauthorized' | 'forbidden';

/** Compares without telling by timing how much of the token matched (both sides hashed to equal length). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer …` header, or null. */
function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

/**
 * Decides a scrape: `clientAddress` as `clientAddressOf()` resolved it, `authorization` the
 * request's header (null when absent).
 */
export function metricsAccess(
  config: MetricsAccessConfig,
  request: { clientAddress: string; authorization: string | null },
): MetricsAccess {
  if (config.token === null && config.allowedIps === null) return 'not_configured';
  if (config.allowedIps !== null) {
    const address = parseIpAddress(request.clientAddress);
    if (address && isInRanges(address, config.allowedIps)) return 'allowed';
  }
  if (config.token !== null) {
    const token = bearerToken(request.authorization);
    return token !== null && sameToken(token, config.token) ? 'allowed' : 'unauthorized';
  }
  return 'forbidden';
}
