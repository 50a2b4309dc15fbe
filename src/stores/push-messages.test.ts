import { describe, expect, it, vi } from 'vitest';
import type { PushEnvironment } from '../client/push';

let deliver: (data: unknown) => void = () => undefined;
const stop = vi.fn();
vi.mock('../client/pwa', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/pwa')>()),
  onServiceWorkerMessage: (listener: (data: unknown) => void) => {
    deliver = listener;
    return stop;
  },
}));
const { $push, canOfferPush, followPushMessages } = await import('./push');

describe('push in this browser (docs/product.md §3, §5)', () => {
  it('records the pushes the service worker reports and ignores other messages', async () => {
    const unsubscribe = followPushMessages();
    const payload = { title: 'Anna', body: 'Hi', url: '/chats/1' };
    deliver({ type: 'skip-waiting' });
    deliver({ type: 'push-received', payload: { nonsense: true } });
    deliver(null);
    // The payload schema loads with the first push; wait for it before checking what was kept.
    await import('~/shared/contracts/push');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect($push.get().lastMessage).toBeNull();
    deliver({ type: 'push-received', payload });
    await vi.waitFor(() => expect($push.get().lastMessage).toMatchObject(payload));
    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });

  it('offers push in signup step 1 only when capable, not denied and the site has a key', () => {
    const env = (isCapable: boolean, permission: NotificationPermission) =>
      ({ isCapable: () => isCapable, permission: () => permission }) as PushEnvironment;
    expect(canOfferPush('key', env(true, 'default'))).toBe(true);
    expect(canOfferPush('key', env(true, 'granted'))).toBe(true);
    expect(canOfferPush('key', env(true, 'denied'))).toBe(false);
    expect(canOfferPush('key', env(false, 'default'))).toBe(false);
    expect(canOfferPush(null, env(true, 'default'))).toBe(false);
  });
});
