import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '~/shared/contracts/notifications';

/**
 * The unsubscribe link of notification mails (docs/product.md §10 Notifications):
 * `/unsubscribe?u=<member id>&k=<kind>&s=<signature>`, the signature being an HMAC-SHA256 of
 * id and kind under the server's secret. Nothing is stored: the link works without login,
 * never expires, and cannot be made for another member or kind without the secret.
 */

/** The path of the unsubscribe page (GET shows it, POST turns the mails off). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** base64url HMAC of `unsubscribe:<userId>:<kind>` (43 characters). */
export function unsubscribeSignature(secret: Buffer, userId: number, kind: NotificationKind): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

/** The full link for a mail: `origin` (e.g. `https://amora.example`) plus the signed query. */
export function unsubscribeLink(secret: Buffer, origin: string, userId: number, kind: NotificationKind): string {
  const query = new URLSearchParams({ u: String(userId), k: kind, s: unsubscribeSignature(secret, userId, kind) });
  return `${origin}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/**
 * Reads and checks the signed query of an unsubscribe link.
 * @returns member id and kind, or null for a missing, malformed or forged link.
 */
export function verifyUnsubscribeQuery(
  secret: Buffer,
  query: URLSearchParams,
): { userId: number; kind: NotificationKind } | null {
  const id = query.get('u') ?? '';
  const kind = query.get('k') ?? '';
  const signature = query.get('s') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Number(id);
  if (userId > 2 ** 31 - 1) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, userId, kind as NotificationKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
