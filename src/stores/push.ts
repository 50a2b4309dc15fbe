import { map } from 'nanostores';
import { callApi } from '../client/api';
import { browserPushEnvironment, type PushEnvironment } from '../client/push';
import { onServiceWorkerMessage } from '../client/pwa';
import {
  pushPayloadSchema,
  pushSubscribeContract,
  pushUnsubscribeContract,
  type PushPayload,
} from '~/shared/contracts/push';
import { setUserPollingForPush } from './session';

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
 * other messages and payloads that do not parse are ignored. Returns an unsubscribe function.
 */
export function followPushMessages(): () => void {
  return onServiceWorkerMessage((message) => {
    const data = message as { type?: string; payload?: unknown } | null;
    if (data?.type !== 'push-received') return;
    const payload = pushPayloadSchema.safeParse(data.payload);
    if (payload.success) receivePushMessage(payload.data);
  });
}

/** How long a "Not now" or "Skip for now" keeps the shell's push offer away on this device. */
export const PUSH_PROMPT_PAUSE_MS = 7 * 24 * 60 * 60 * 1000;
/** localStorage: when the offer was last declined (ms since epoch), for the once-a-week rule. */
export const PUSH_DISMISSED_AT_KEY = 'amora_push_prompt_dismissed_at';
/** sessionStorage: declined in this session, so never again in it. */
export const PUSH_DISMISSED_SESSION_KEY = 'amora_push_prompt_dismissed';
/** sessionStorage: the member showed interest (a like, a message sent) in this session. */
export const PUSH_INTEREST_KEY = 'amora_push_interest';

/** What the shell's push offer remembers about this browser; `loaded` is false until read (never on the server). */
export interface PushPromptMemory {
  loaded: boolean;
  dismissedAt: number | null;
  dismissedThisSession: boolean;
  interested: boolean;
}

export const $pushPrompt = map<PushPromptMemory>({
  loaded: false,
  dismissedAt: null,
  dismissedThisSession: false,
  interested: false,
});

/** The two browser storages the offer uses; injectable for tests. */
export interface PromptStorages {
  local: Pick<Storage, 'getItem' | 'setItem'> | null;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function browserStorages(): PromptStorages {
  // Storage can be missing or throw (private modes, blocked cookies): the offer then just stays away.
  const open = (kind: 'localStorage' | 'sessionStorage') => {
    try {
      return typeof window === 'undefined' ? null : window[kind];
    } catch {
      return null;
    }
  };
  return { local: open('localStorage'), session: open('sessionStorage') };
}

function read(storage: PromptStorages['local'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: PromptStorages['local'], key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // full or blocked storage: the store still holds the value for this page
  }
}

/**
 * The offer may show only after the member showed interest in this session,
 * never again in a session where it was declined, and at most once a week
 * after a decline.
 */
export function isPushPromptDue(memory: PushPromptMemory, now: number): boolean {
  if (!memory.loaded || !memory.interested || memory.dismissedThisSession) return false;
  return memory.dismissedAt === null || now - memory.dismissedAt >= PUSH_PROMPT_PAUSE_MS;
}

/** Reads the offer's memory from the browser storages (call once on the client). */
export function loadPushPromptMemory(storages: PromptStorages = browserStorages()): void {
  const at = Number(read(storages.local, PUSH_DISMISSED_AT_KEY));
  $pushPrompt.set({
    loaded: true,
    dismissedAt: Number.isFinite(at) && at > 0 ? at : null,
    dismissedThisSession: read(storages.session, PUSH_DISMISSED_SESSION_KEY) === '1',
    interested: read(storages.session, PUSH_INTEREST_KEY) === '1',
  });
}

/** The member declined the offer ("Not now", or "Skip for now" in the signup wizard). */
export function dismissPushPrompt(now: number = Date.now(), storages: PromptStorages = browserStorages()): void {
  write(storages.local, PUSH_DISMISSED_AT_KEY, String(now));
  write(storages.session, PUSH_DISMISSED_SESSION_KEY, '1');
  $pushPrompt.set({ ...$pushPrompt.get(), dismissedAt: now, dismissedThisSession: true });
}

/** The member did something that shows interest (liked someone, sent a message): the offer may follow. */
export function notePushInterest(storages: PromptStorages = browserStorages()): void {
  write(storages.session, PUSH_INTEREST_KEY, '1');
  $pushPrompt.setKey('interested', true);
}
