import type { PushSubscriptionJson } from '~/shared/contracts/push';

/** The browser's push capabilities, behind an interface so the push store can be tested without a browser. */
export interface PushEnvironment {
  isCapable(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The current subscription of the service worker, or null. */
  getSubscription(): Promise<PushSubscriptionJson | null>;
  /** Subscribes with the VAPID public key (base64url). @throws when the browser or push service refuses. */
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  /** Unsubscribes; returns the endpoint that was removed, or null when there was none. */
  unsubscribe(): Promise<string | null>;
}

function toUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The real browser environment (service worker + PushManager + Notification). */
export const browserPushEnvironment: PushEnvironment = {
  isCapable: () =>
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async getSubscription() {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    return subscription ? toJson(subscription) : null;
  },
  async subscribe(applicationServerKey) {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: toUint8Array(applicationServerKey),
    });
    return toJson(subscription);
  },
  async unsubscribe() {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  },
};
