import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '~/shared/contracts/push';
import { createGuardedLookup } from '../platform/security/guarded-lookup';
import { isLoopbackAddress } from '../platform/security/public-address';
import { checkEndpointUrl, isAllowedPushAddress, type PushEndpointPolicy } from './endpoint-policy';
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
   * @throws PushEndpointRefusedError when the endpoint breaks the endpoint policy, AddressNotAllowedError
   * when its host resolves to an address outside it; the push service's error for any other failure.
   */
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/** Raised by `send` for an endpoint the policy refuses (e.g. one stored before the policy got stricter). */
export class PushEndpointRefusedError extends Error {
  constructor() {
    super('push endpoint not allowed by the endpoint policy');
    this.name = 'PushEndpointRefusedError';
  }
}

/**
 * The web-push backed service. TTL 1 day: a notification older than that is not worth showing.
 * Every connection follows `policy` (docs/product.md §7, push endpoints): the URL is checked before
 * sending, and the agent's `lookup` checks every address a host name resolves to at connect time,
 * so a name that passed at subscribe time cannot be re-pointed at the server's own network.
 * With `policy.allowLoopback` (tests only) the self-signed certificate of a stand-in push
 * service on a loopback address is accepted; real push services are always verified.
 * `lookup` replaces the system resolver (tests).
 */
export function createPushService(
  keys: VapidKeys,
  policy: PushEndpointPolicy,
  options: { lookup?: LookupFunction } = {},
): PushService {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const lookup = createGuardedLookup((address) => isAllowedPushAddress(address, policy), options.lookup);
  const agent = new https.Agent({ lookup, keepAlive: true });
  const loopbackAgent = policy.allowLoopback ? new https.Agent({ lookup, rejectUnauthorized: false }) : undefined;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      if (checkEndpointUrl(target.endpoint, policy) === false) throw new PushEndpointRefusedError();
      const host = new URL(target.endpoint).hostname;
      const isLoopback = host === 'localhost' || isLoopbackAddress(host);
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails,
          TTL: 86_400,
          timeout: 10_000,
          agent: (isLoopback && loopbackAgent) || agent,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        throw error;
      }
    },
  };
}
