import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateOnce } from './create-once';

/**
 * The server's signing secret (32 bytes): APP_SECRET when set, else
 * `<dataDir>/app-secret`, generated (mode 0600) on first start, once even when several
 * processes start together. Every process sharing the data folder or the variable signs alike.
 */
export function loadAppSecret(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const stored = readOrCreateOnce(path.join(dataDir, 'app-secret'), () => randomBytes(32).toString('base64url'));
  return Buffer.from(stored.trim(), 'base64url');
}
