import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEnvironment } from '../client/push';
import { shouldShowPushPrompt } from '../shared/rules/push-rules';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));
const { $push, initPush, subscribePush, unsubscribePush, addExistingSubscription } = await import('./push');
const session = await import('./session');

const SUB = { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };

function env(overrides: Partial<PushEnvironment> = {}): PushEnvironment {
  return {
    isCapable: () => true,
    permission: () => 'default',
    requestPermission: async () => 'granted',
    getSubscription: async () => null,
    subscribe: async () => SUB,
    unsubscribe: async () => SUB.endpoint,
    ...overrides,
  };
}

describe('push state transitions (SPEC §4)', () => {
  beforeEach(() => {
    callApi.mockReset().mockResolvedValue({ subscribed: true });
    $push.set({ subscription: 'unknown', isCapable: false, isSubscribed: false, lastMessage: null });
    session.setUserPollingForPush(false);
  });

  it('starts unknown, then false when capable without subscription', async () => {
    expect($push.get().subscription).toBe('unknown');
    await initPush(env());
    expect($push.get()).toMatchObject({ subscription: false, isCapable: true, isSubscribed: false });
  });

  it('is denied when the permission is blocked', async () => {
    await initPush(env({ permission: () => 'denied' }));
    expect($push.get().subscription).toBe('denied');
  });

  it('is the subscription text when one exists', async () => {
    await initPush(env({ getSubscription: async () => SUB }));
    expect($push.get().subscription).toBe(JSON.stringify(SUB));
    expect($push.get().isSubscribed).toBe(true);
  });

  it('is not capable without the browser APIs', async () => {
    await initPush(env({ isCapable: () => false }));
    expect($push.get()).toMatchObject({ isCapable: false, subscription: false });
  });

  it('subscribes: permission granted → browser subscription → stored on the account; polling slows to 300 s', async () => {
    await initPush(env());
    expect(await subscribePush(env(), 'KEY')).toBe(JSON.stringify(SUB));
    expect(callApi).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/user.php', selector: { push: '1' } }), {
      body: { subscription: SUB },
    });
    expect($push.get().isSubscribed).toBe(true);
    expect(session.userPollInterval()).toBe(300_000);
  });

  it('ends denied or false when permission is refused or dismissed', async () => {
    expect(await subscribePush(env({ requestPermission: async () => 'denied' }), 'KEY')).toBe('denied');
    expect(await subscribePush(env({ requestPermission: async () => 'default' }), 'KEY')).toBe(false);
    expect(callApi).not.toHaveBeenCalled();
  });

  it('ends false when the push service refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await subscribePush(env({ subscribe: async () => Promise.reject(new Error('no push service')) }), 'KEY')).toBe(false);
  });

  it('unsubscribes in the browser and on the account; polling back to 60 s', async () => {
    await subscribePush(env(), 'KEY');
    await unsubscribePush(env());
    expect(callApi).toHaveBeenLastCalledWith(expect.objectContaining({ method: 'DELETE' }), { body: { endpoint: SUB.endpoint } });
    expect($push.get()).toMatchObject({ subscription: false, isSubscribed: false });
    expect(session.userPollInterval()).toBe(60_000);
  });

  it('adds an existing browser subscription to a new account', async () => {
    expect(await addExistingSubscription(env())).toBe(false);
    expect(await addExistingSubscription(env({ getSubscription: async () => SUB }))).toBe(true);
    expect($push.get().isSubscribed).toBe(true);
  });
});

describe('SPEC §5 push prompt rule', () => {
  const base = { isLoggedIn: true, isCapable: true, isSubscribed: false, isDenied: false, pushKey: 'KEY' };
  it('shows only if logged in, capable, not subscribed, with a push key', () => {
    expect(shouldShowPushPrompt(base)).toBe(true);
    expect(shouldShowPushPrompt({ ...base, isLoggedIn: false })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, isCapable: false })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, isSubscribed: true })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, pushKey: null })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, isDenied: true })).toBe(false);
  });
});
