import { map } from 'nanostores';
import { callApi } from '../client/api';
import type { PushEnvironment } from '../client/push';
import { pushSubscribeContract, pushUnsubscribeContract, type PushPayload } from '../shared/contracts/push';
import { setUserPollingForPush } from './session';

/**
 * Push state (SPEC §3, §4): `subscription` is 'unknown' before the check,
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

export const $push = map<PushState>({ subscription: 'unknown', isCapable: false, isSubscribed: false, lastMessage: null });

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
    await callApi(pushSubscribeContract, { body: { subscription } });
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
  await callApi(pushSubscribeContract, { body: { subscription: existing } });
  setSubscription(JSON.stringify(existing));
  return true;
}

/** Unsubscribes the browser and removes the subscription from the account. */
export async function unsubscribePush(env: PushEnvironment): Promise<void> {
  const endpoint = await env.unsubscribe();
  if (endpoint) {
    await callApi(pushUnsubscribeContract, { body: { endpoint } }).catch((error: unknown) =>
      console.warn('push unsubscribe failed', error),
    );
  }
  setSubscription(false);
}

/** Records the last push the service worker received (SPEC §3 lastMessage). */
export function receivePushMessage(payload: PushPayload): void {
  $push.setKey('lastMessage', payload);
}
