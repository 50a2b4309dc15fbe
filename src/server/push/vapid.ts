import path from 'node:path';
import webpush from 'web-push';
import { readOrCreateOnce } from '../platform/security/create-once';

/** VAPID key pair (base64url) and the contact subject sent to push services. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys: from the environment when both keys are given, else from
 * `<dataDir>/vapid.json`, generated (mode 0600) on first start, once even when several
 * processes start together.
 */
export function loadVapidKeys(
  dataDir: string,
  fromEnv: { publicKey?: string; privateKey?: string; subject: string },
): VapidKeys {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject: fromEnv.subject };
  }
  const stored = readOrCreateOnce(path.join(dataDir, 'vapid.json'), () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: fromEnv.subject };
}
