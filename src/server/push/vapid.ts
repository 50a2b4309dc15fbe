import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** VAPID key pair (base64url) and the contact subject sent to push services. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys: from the environment when both keys are given, else from
 * `<dataDir>/vapid.json`, generated (mode 0600) on first start.
 */
export function loadVapidKeys(
  dataDir: string,
  fromEnv: { publicKey?: string; privateKey?: string; subject: string },
): VapidKeys {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject: fromEnv.subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...stored, subject: fromEnv.subject };
  }
  const generated = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject: fromEnv.subject };
}
