import { map } from 'nanostores';
import { callApi } from '../client/api';
import { browserPushEnvironment, type PushEnvironment } from '../client/push';
import { onServiceWorkerMessage } from '../client/pwa';
import type { PushPayload } from '~/shared/contracts/push';
import { setUserPollingForPush } from './session';
import * as routes from '~/shared/contracts/routes';

/**
 * Push state (docs/product.md §3, §4): `subscription` is 'unknown' before the check,
 * false when not subscribed, the subscription's JSON text when subscribed,
 * or 'denied' when the member blocked notifications.
 */
export type PushSubscriptionState = 'unknown' | false | 'denied' | string;

export interface PushState {
  subscription: PushSubscriptionState;
  isCapable: boolean;
  isSubscribed: boolean;
  lastMessage: PushPayload | null;
}

export const $push = map<PushState>({
  subscription: 'unknown',
  isCapable: false,
  isSubscribed: false,
  lastMessage: null,
});

function setSubscription(subscription: PushSubscriptionState): void {
  const isSubscribed = typeof subscription === 'string' && subscription.startsWith('{');
  $push.set({ ...$push.get(), subscription, isSubscribed });
  setUserPollingForPush(isSubscribed);
}

/** Reads capability, permission and any existing subscription. */
export async function initPush(env: PushEnvironment): Promise<void> {
  const isCapable = env.isCapable();
  $push.setKey('isCapable', isCapable);
  if (!isCapable) {
    setSubscription(false);
    return;
  }
  if (env.permission() === 'denied') {
    setSubscription('denied');
    return;
  }
  try {
    const existing = await env.getSubscription();
    setSubscription(existing ? JSON.stringify(existing) : false);
  } catch (error) {
    console.warn('push state check failed', error);
    setSubscription(false);
  }
}

/**
 * Asks permission, subscribes with the site's VAPID key and stores the
 * subscription on the account (`POST /api/user.php?push=1`).
 * @returns the new state; failures end in false (or 'denied') and are logged.
 */
export async function subscribePush(env: PushEnvironment, publicKey: string): Promise<PushSubscriptionState> {
  const permission = await env.requestPermission();
  if (permission === 'denied') {
    setSubscription('denied');
    return 'denied';
  }
  if (permission !== 'granted') {
    setSubscription(false);
    return false;
  }
  try {
    const subscription = await env.subscribe(publicKey);
    await callApi(routes.pushSubscribe, { body: { subscription } });
    const text = JSON.stringify(subscription);
    setSubscription(text);
    return text;
  } catch (error) {
    console.warn('push subscription failed', error);
    setSubscription(false);
    return false;
  }
}

/** Adds an existing browser subscription to the (new) account, e.g. right after signup. */
export async function addExistingSubscription(env: PushEnvironment): Promise<boolean> {
  const existing = await env.getSubscription().catch(() => null);
  if (!existing) return false;
  await callApi(routes.pushSubscribe, { body: { subscription: existing } });
  setSubscription(JSON.stringify(existing));
  return true;
}

/** Unsubscribes the browser and removes the subscription from the account. */
export async function unsubscribePush(env: PushEnvironment): Promise<void> {
  const endpoint = await env.unsubscribe();
  if (endpoint) {
    await callApi(routes.pushUnsubscribe, { body: { endpoint } }).catch((error: unknown) =>
      console.warn('push unsubscribe failed', error),
    );
  }
  setSubscription(false);
}

/** Records the last push the service worker received (docs/product.md §3 lastMessage). */
export function receivePushMessage(payload: PushPayload): void {
  $push.setKey('lastMessage', payload);
}

/** `initPush` in this browser: the shell calls it once per page. */
export function startPush(): Promise<void> {
  return initPush(browserPushEnvironment);
}

/** `subscribePush` in this browser, for the shell's offer and signup step 1. */
export function enablePush(publicKey: string): Promise<PushSubscriptionState> {
  return subscribePush(browserPushEnvironment, publicKey);
}

/** `unsubscribePush` in this browser: "push on this browser" off on /notifications (docs/product.md §10). */
export function disablePush(): Promise<void> {
  return unsubscribePush(browserPushEnvironment);
}

/** docs/product.md §5 prompt rule as signup step 1 checks it: capable, not denied, and the site has a key. */
export function canOfferPush(publicKey: string | null, env: PushEnvironment = browserPushEnvironment): boolean {
  return env.isCapable() && env.permission() !== 'denied' && !!publicKey;
}

/**
 * Feeds the pushes the service worker reports (`push-received`) into `lastMessage`;
 * other messages and payloads that do not parse are ignored. The payload schema (and with it zod)
 * is loaded when the first push arrives, not with the page: most visits never receive one.
 * Returns an unsubscribe function.
 */
export function followPushMessages(): () => void {
  return onServiceWorkerMessage((message) => {
    const data = message as { type?: string; payload?: unknown } | null;
    if (data?.type !== 'push-received') return;
    void import('~/shared/contracts/push').then(({ pushPayloadSchema }) => {
      const payload = pushPayloadSchema.safeParse(data.payload);
      if (payload.success) receivePushMessage(payload.data);
    });
  });
}
