import { parseCookie, stringifySetCookie } from 'cookie';
import { DEVICE_COOKIE, KNOWN_DEVICE_TTL_S, OPERATOR_DEVICE_COOKIE } from '../auth';
import { SESSION_COOKIE } from '../platform/accounts/sessions';
import type { Config } from '../config';
import { OPERATOR_COOKIE } from '../operators';
import { isInRanges, parseIpRange, type IpRange } from '../platform/security/ip-ranges';
import { isLoopbackAddress } from '../platform/security/public-address';
import type { SiteConfig } from '../platform/sites/site-config';

/** Headers a reverse proxy adds: a request carrying one did not come straight from a local browser. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip'];

/** Cookies of a request as a name → value map. */
export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookie(request.headers.get('cookie') ?? '');
}

/** What decides whether an answer's cookies carry `Secure` (secureCookies()). */
export interface CookieSecurityInput {
  config: Pick<Config, 'nodeEnv' | 'trustedProxies'>;
  /** The site the request is for; an `http:` `public_url` is the operator's word that it has no TLS. */
  site: Pick<SiteConfig, 'public_url'>;
  request: Request;
  /** The client's address as resolveClientAddress() gives it (the socket's peer without TRUST_PROXY). */
  clientAddress: string;
}

/**
 * Whether the cookies of this answer carry `Secure` (docs/architecture.md §5 Cookies). Decided by
 * configuration and the connection, never by a header the client chooses (`Host`,
 * `original-host`, `X-Forwarded-*`), so no request can make production cookies travel over plain
 * HTTP:
 * 1. TLS ends on this server (an `https:` request URL): Secure;
 * 2. the development server (`astro dev`) or the test harness (NODE_ENV `development`/`test`): not
 *    Secure, so `http://lovelane.test:4321` works like `http://localhost:4321`;
 * 3. the site's `public_url` is `http://…`: not Secure (the operator serves it over plain HTTP);
 * 4. otherwise not Secure only for a browser on this machine: the client address is loopback, is
 *    not one of TRUST_PROXY's proxies, and the request carries no proxy header (`Forwarded`,
 *    `X-Forwarded-*`, `X-Real-IP`). A proxy in front of production is declared in TRUST_PROXY or
 *    adds `X-Forwarded-For`, so every visitor it forwards gets Secure; so does every remote client.
 */
export function secureCookies(input: CookieSecurityInput): boolean {
  const { config, site, request, clientAddress } = input;
  if (new URL(request.url).protocol === 'https:') return true;
  if (config.nodeEnv !== 'production') return false;
  if (site.public_url?.startsWith('http:')) return false;
  const proxied =
    PROXY_HEADERS.some((name) => request.headers.has(name)) ||
    isInRanges(clientAddress, proxyRanges(config.trustedProxies));
  return proxied || !isLoopbackAddress(clientAddress);
}

const compiledRanges = new WeakMap<readonly string[], IpRange[]>();

/** TRUST_PROXY's ranges, parsed once per config. */
function proxyRanges(trustedProxies: readonly string[]): IpRange[] {
  let ranges = compiledRanges.get(trustedProxies);
  if (!ranges) {
    ranges = trustedProxies.map(parseIpRange).filter((range): range is IpRange => range !== null);
    compiledRanges.set(trustedProxies, ranges);
  }
  return ranges;
}

/**
 * Set-Cookie for a first-party preference cookie (language, tracking record):
 * not HttpOnly (the page's own script reads and writes it too), SameSite=Lax,
 * path `/`, Secure as secureCookies() decides, kept `maxAgeS` seconds.
 */
export function preferenceCookie(secure: boolean, name: string, value: string, maxAgeS: number): string {
  return stringifySetCookie({ name, value, sameSite: 'lax', secure, path: '/', maxAge: maxAgeS });
}

/** Set-Cookie for the session: HttpOnly, SameSite=Lax, Secure as secureCookies() decides. */
export function sessionCookie(secure: boolean, token: string, expiresAt: Date): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 0,
  });
}

/**
 * Set-Cookie for the known-device mark of a successful log-in (docs/product.md §10 Log-in
 * limits): HttpOnly, SameSite=Lax, Secure as secureCookies() decides, kept KNOWN_DEVICE_TTL_S.
 * It outlives log-out on purpose: the device stays known to the account.
 */
export function deviceCookie(secure: boolean, token: string): string {
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: KNOWN_DEVICE_TTL_S,
  });
}

/**
 * Set-Cookie of the operator session (docs/product.md §13 Access): HttpOnly, SameSite=Strict,
 * path `/admin` (never sent to the member pages or API), Secure as secureCookies() decides; `expiresAt`
 * null removes it.
 */
export function operatorCookie(secure: boolean, token: string, expiresAt: Date | null): string {
  return stringifySetCookie({
    name: OPERATOR_COOKIE,
    value: expiresAt ? token : '',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/admin',
    ...(expiresAt ? { expires: expiresAt } : { maxAge: 0 }),
  });
}

/**
 * Set-Cookie for the operator's known-device mark after a completed console log-in
 * (docs/product.md §13 Access): HttpOnly, SameSite=Strict, path `/admin`, Secure as
 * secureCookies() decides, kept KNOWN_DEVICE_TTL_S; it outlives log-out on purpose.
 */
export function operatorDeviceCookie(secure: boolean, token: string): string {
  return stringifySetCookie({
    name: OPERATOR_DEVICE_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/admin',
    maxAge: KNOWN_DEVICE_TTL_S,
  });
}
