import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';

/** Name of the HttpOnly cookie that marks a device an account logged in on before. */
export const DEVICE_COOKIE = 'amora_device';
/** Name of the operator's known-device cookie (path `/admin`, docs/product.md §13 Access). */
export const OPERATOR_DEVICE_COOKIE = 'amora_operator_device';
/** How long a device stays known after its last successful log-in (seconds; browsers cap cookies at 400 days). */
export const KNOWN_DEVICE_TTL_S = 365 * 24 * 60 * 60;

/** Member devices are scoped by site; operator devices by a scope no site name can take (a space). */
const OPERATOR_SCOPE = 'operator console';

function mac(secret: Buffer, site: string, userId: number, issuedAtS: number): string {
  return createHmac('sha256', secret).update(`known-device:${site}:${userId}:${issuedAtS}`).digest('base64url');
}

/**
 * The device-cookie value for a successful log-in of `userId` on `site` (docs/product.md §10
 * Log-in limits): `{userId}.{issued at, unix seconds}.{HMAC-SHA256 with the app secret}`.
 * It proves only "this browser logged in to this account before"; it is no session.
 */
export function issueDeviceToken(ctx: AppContext, site: string, userId: number): string {
  const issuedAtS = Math.floor(ctx.clock.now().getTime() / 1000);
  return `${userId}.${issuedAtS}.${mac(ctx.secret, site, userId, issuedAtS)}`;
}

/**
 * Whether `token` (the device cookie, if any) was issued by this server for `userId` on `site`
 * within the last KNOWN_DEVICE_TTL_S. Forged, foreign, malformed and expired values are false.
 */
export function isKnownDevice(ctx: AppContext, token: string | undefined, site: string, userId: number): boolean {
  const match = token && token.length <= 128 ? /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(token) : null;
  if (!match || Number(match[1]) !== userId) return false;
  const issuedAtS = Number(match[2]);
  const ageS = ctx.clock.now().getTime() / 1000 - issuedAtS;
  if (ageS < -60 || ageS > KNOWN_DEVICE_TTL_S) return false;
  const expected = Buffer.from(mac(ctx.secret, site, userId, issuedAtS));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The operator's known-device cookie value after a completed console log-in (password and
 * second factor; docs/product.md §13 Access): the same shape as the member's, signed in a
 * scope of its own, so neither can stand in for the other.
 */
export function issueOperatorDeviceToken(ctx: AppContext, operatorId: number): string {
  return issueDeviceToken(ctx, OPERATOR_SCOPE, operatorId);
}

/** Whether `token` marks a device on which `operatorId` completed a console log-in within the last year. */
export function isKnownOperatorDevice(ctx: AppContext, token: string | undefined, operatorId: number): boolean {
  return isKnownDevice(ctx, token, OPERATOR_SCOPE, operatorId);
}
