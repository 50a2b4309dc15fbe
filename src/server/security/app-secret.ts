import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's signing secret (32 bytes): APP_SECRET when set, else
 * `<dataDir>/app-secret`, generated (mode 0600) on first start. Every process
 * sharing the data folder or the variable signs alike.
 */
export function loadAppSecret(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = path.join(dataDir, 'app-secret');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  const secret = randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
  return secret;
}
