import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '~/shared/contracts/push';
import type { VapidKeys } from './vapid';

/** A stored subscription as web-push needs it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends web pushes (VAPID, aes128gcm). */
export interface PushService {
  publicKey: string;
  /**
   * Sends one encrypted payload. `gone` means the push service no longer knows the
   * subscription (404/410) and it should be removed.
   * @throws the push service's error for any other failure.
   */
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/**
 * The web-push backed service. TTL 1 day: a notification older than that is not
 * worth showing. With `trustLoopback` (tests only) the self-signed certificate of
 * a stand-in push service on 127.0.0.1 is accepted; real push services are always verified.
 */
export function createPushService(keys: VapidKeys, options: { trustLoopback?: boolean } = {}): PushService {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const loopbackAgent = options.trustLoopback ? new https.Agent({ rejectUnauthorized: false }) : undefined;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        const isLoopback = new URL(target.endpoint).hostname === '127.0.0.1';
        const agent = isLoopback ? loopbackAgent : undefined;
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails,
          TTL: 86_400,
          timeout: 10_000,
          agent,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        throw error;
      }
    },
  };
}
