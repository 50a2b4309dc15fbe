import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Time-based one-time codes of the operator log-in (docs/product.md §13 Access), RFC 6238 with
 * otplib: 6 digits, 30-s steps, one step of clock drift either way. Secrets are stored encrypted
 * (AES-256-GCM under a key derived from the app secret) so a copy of the database alone cannot
 * make codes.
 */

/** Steps of drift accepted either side of the current one (30 s each). */
const DRIFT_S = 30;

/** A new random base32 secret (160 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address an authenticator app enrols from, shown as a QR code. */
export function totpUri(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The enrolment QR code as SVG markup (rendered inline: the pages' policy allows no `data:` images). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The time step a code is valid for at `nowMs`, or null when it is wrong, or of step
 * `afterStep` or earlier (already used: no replay).
 */
export async function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: DRIFT_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code of `secret` at `nowMs` (what an authenticator app shows; tests and the enrolment check). */
export function totpCodeAt(secret: string, nowMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) });
}

function keyOf(appSecret: Buffer): Buffer {
  return createHmac('sha256', appSecret).update('operator-totp-secret').digest();
}

/** Encrypts a TOTP secret for storage: `iv.tag.ciphertext`, base64url parts. */
export function sealTotpSecret(appSecret: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** Decrypts what `sealTotpSecret` stored. @throws when it was sealed under another app secret. */
export function openTotpSecret(appSecret: Buffer, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

/** Ten one-time recovery codes (`xxxxx-xxxxx`, 50 bits each), shown once at enrolment. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the database keeps of a recovery code: SHA-256 hex of its normalised form. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .digest('hex');
}
