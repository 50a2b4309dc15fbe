import { parseCookie, stringifySetCookie } from 'cookie';
import { DEVICE_COOKIE, KNOWN_DEVICE_TTL_S, OPERATOR_DEVICE_COOKIE } from '../auth/known-device';
import { SESSION_COOKIE } from '../auth/sessions';
import { OPERATOR_COOKIE } from '../operators/operator-sessions';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Cookies of a request as a name → value map. */
export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookie(request.headers.get('cookie') ?? '');
}

/** Secure cookies everywhere except plain-HTTP localhost development. */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === 'https:' || !LOCAL_HOSTS.has(url.hostname);
}

/**
 * Set-Cookie for a first-party preference cookie (language, tracking record):
 * not HttpOnly (the page's own script reads and writes it too), SameSite=Lax,
 * path `/`, Secure outside localhost, kept `maxAgeS` seconds.
 */
export function preferenceCookie(url: URL, name: string, value: string, maxAgeS: number): string {
  return stringifySetCookie({ name, value, sameSite: 'lax', secure: isSecureRequest(url), path: '/', maxAge: maxAgeS });
}

/** Set-Cookie for the session: HttpOnly, SameSite=Lax, Secure outside localhost. */
export function sessionCookie(url: URL, token: string, expiresAt: Date): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(url),
    path: '/',
    expires: expiresAt,
  });
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(url: URL): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(url),
    path: '/',
    maxAge: 0,
  });
}

/**
 * Set-Cookie for the known-device mark of a successful log-in (docs/product.md §10 Log-in
 * limits): HttpOnly, SameSite=Lax, Secure outside localhost, kept KNOWN_DEVICE_TTL_S.
 * It outlives log-out on purpose: the device stays known to the account.
 */
export function deviceCookie(url: URL, token: string): string {
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(url),
    path: '/',
    maxAge: KNOWN_DEVICE_TTL_S,
  });
}

/**
 * Set-Cookie of the operator session (docs/product.md §13 Access): HttpOnly, SameSite=Strict,
 * path `/admin` (never sent to the member pages or API), Secure outside localhost; `expiresAt`
 * null removes it.
 */
export function operatorCookie(url: URL, token: string, expiresAt: Date | null): string {
  return stringifySetCookie({
    name: OPERATOR_COOKIE,
    value: expiresAt ? token : '',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(url),
    path: '/admin',
    ...(expiresAt ? { expires: expiresAt } : { maxAge: 0 }),
  });
}

/**
 * Set-Cookie for the operator's known-device mark after a completed console log-in
 * (docs/product.md §13 Access): HttpOnly, SameSite=Strict, path `/admin`, Secure outside
 * localhost, kept KNOWN_DEVICE_TTL_S; it outlives log-out on purpose.
 */
export function operatorDeviceCookie(url: URL, token: string): string {
  return stringifySetCookie({
    name: OPERATOR_DEVICE_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(url),
    path: '/admin',
    maxAge: KNOWN_DEVICE_TTL_S,
  });
}
