import { createHmac } from 'node:crypto';

/** Prefix of `users.email` for a deleted account: no address is ever stored again after deletion. */
export const DELETED_EMAIL_PREFIX = 'deleted:';

/**
 * docs/product.md §10 account deletion: what a deleted account keeps in `users.email` —
 * `deleted:` + HMAC-SHA256 (keyed with the app secret, hex) of the site and the trimmed,
 * lower-cased address. Signup and the e-mail check compute it for an address to recognise
 * a deleted account without keeping the address; without the secret it cannot be reversed
 * or checked against guessed addresses.
 */
export function deletedEmailMarker(secret: Buffer, site: string, email: string): string {
  const normalised = email.trim().toLowerCase();
  return (
    DELETED_EMAIL_PREFIX + createHmac('sha256', secret).update(`deleted-email:${site}:${normalised}`).digest('hex')
  );
}
