/**
 * The credential of `POST /api/internal/database-snapshot` (docs/architecture.md §5 Backups): an
 * HMAC-SHA256 of the current time under the app secret. Whoever can read the data folder (or the
 * environment holding APP_SECRET) can already read the database, so the secret is the right key;
 * the time bounds a token that leaked into a log to a few minutes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How far the token's time may be from the server's clock (ms). */
const TOKEN_WINDOW_MS = 120_000;
const SCHEME = 'Amora-Snapshot';

function signatureOf(secret: Buffer, seconds: number): string {
  return createHmac('sha256', secret).update(`database-snapshot:${seconds}`).digest('base64url');
}

/** The `Authorization` header value for a snapshot request at `nowMs` (epoch milliseconds). */
export function snapshotAuthorization(secret: Buffer, nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000);
  return `${SCHEME} t=${seconds},sig=${signatureOf(secret, seconds)}`;
}

/** True when `header` is an `Authorization` value made by `snapshotAuthorization` with `secret` within two minutes of `nowMs`. */
export function isValidSnapshotAuthorization(secret: Buffer, header: string | null, nowMs: number): boolean {
  const match = header ? new RegExp(`^${SCHEME} t=(\\d{1,12}),sig=([A-Za-z0-9_-]{43})$`).exec(header) : null;
  if (!match) return false;
  const seconds = Number(match[1]);
  if (Math.abs(seconds * 1000 - nowMs) > TOKEN_WINDOW_MS) return false;
  const expected = Buffer.from(signatureOf(secret, seconds));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The app secret as the server uses it (APP_SECRET when set, else `<dataDir>/app-secret`), or null
 * when neither exists. Unlike `loadAppSecret` it never creates one: a backup tool must not invent
 * a secret the server never had.
 */
export function readAppSecret(dataDir: string, fromEnv: string | undefined): Buffer | null {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = path.join(dataDir, 'app-secret');
  if (!fs.existsSync(file)) return null;
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
}
