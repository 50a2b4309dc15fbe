import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEnvironment } from '../client/push';
import { shouldShowPushPrompt } from '~/shared/rules/push-rules';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const { $push, initPush, subscribePush, unsubscribePush, addExistingSubscription } = await import('./push');
const {
  $pushPrompt,
  isPushPromptDue,
  loadPushPromptMemory,
  dismissPushPrompt,
  notePushInterest,
  PUSH_DISMISSED_AT_KEY,
  PUSH_PROMPT_PAUSE_MS,
} = await import('./push-prompt');
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

describe('push state transitions (docs/product.md §4)', () => {
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
    expect(callApi).toHaveBeenCalledWith('pushSubscribe', {
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
    expect(
      await subscribePush(env({ subscribe: async () => Promise.reject(new Error('no push service')) }), 'KEY'),
    ).toBe(false);
  });

  it('unsubscribes in the browser and on the account; polling back to 60 s', async () => {
    await subscribePush(env(), 'KEY');
    await unsubscribePush(env());
    expect(callApi).toHaveBeenLastCalledWith('pushUnsubscribe', {
      body: { endpoint: SUB.endpoint },
    });
    expect($push.get()).toMatchObject({ subscription: false, isSubscribed: false });
    expect(session.userPollInterval()).toBe(60_000);
  });

  it('adds an existing browser subscription to a new account', async () => {
    expect(await addExistingSubscription(env())).toBe(false);
    expect(await addExistingSubscription(env({ getSubscription: async () => SUB }))).toBe(true);
    expect($push.get().isSubscribed).toBe(true);
  });
});

describe('docs/product.md §5 push prompt rule', () => {
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

/** A browser storage stand-in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('when the shell offers push (declines remembered per session and per week)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = Date.UTC(2026, 10, 23, 12);
  let storages: { local: ReturnType<typeof memoryStorage>; session: ReturnType<typeof memoryStorage> };
  beforeEach(() => {
    storages = { local: memoryStorage(), session: memoryStorage() };
    loadPushPromptMemory(storages);
  });
  /** A new session in the same browser: the session storage starts empty, local storage stays. */
  function newSession() {
    storages = { local: storages.local, session: memoryStorage() };
    loadPushPromptMemory(storages);
  }

  it('never on a first visit: only after the member showed interest (a like, a message)', () => {
    expect(isPushPromptDue($pushPrompt.get(), NOW)).toBe(false);
    notePushInterest(storages);
    expect(isPushPromptDue($pushPrompt.get(), NOW)).toBe(true);
  });

  it('not before the browser storage was read (server render, first paint)', () => {
    expect(
      isPushPromptDue({ loaded: false, dismissedAt: null, dismissedThisSession: false, interested: true }, NOW),
    ).toBe(false);
  });

  it('not again in the same session after "Skip for now" or "Not now", even after a like', () => {
    dismissPushPrompt(NOW, storages);
    notePushInterest(storages);
    expect(isPushPromptDue($pushPrompt.get(), NOW + 8 * DAY)).toBe(false);
    // The page reloads: the session still remembers the decline.
    loadPushPromptMemory(storages);
    expect($pushPrompt.get()).toMatchObject({ dismissedThisSession: true, interested: true });
    expect(isPushPromptDue($pushPrompt.get(), NOW + 8 * DAY)).toBe(false);
  });

  it('at most once a week after a decline: a new session within the week stays quiet, after it the offer may come back', () => {
    dismissPushPrompt(NOW, storages);
    expect(storages.local.getItem(PUSH_DISMISSED_AT_KEY)).toBe(String(NOW));
    newSession();
    notePushInterest(storages);
    expect($pushPrompt.get().dismissedAt).toBe(NOW);
    expect(isPushPromptDue($pushPrompt.get(), NOW + 6 * DAY)).toBe(false);
    expect(isPushPromptDue($pushPrompt.get(), NOW + PUSH_PROMPT_PAUSE_MS - 1)).toBe(false);
    expect(isPushPromptDue($pushPrompt.get(), NOW + PUSH_PROMPT_PAUSE_MS)).toBe(true);
  });

  it('interest is per session: a new session needs a new like or message', () => {
    notePushInterest(storages);
    newSession();
    expect(isPushPromptDue($pushPrompt.get(), NOW)).toBe(false);
  });

  it('ignores an unreadable timestamp and works without storage', () => {
    storages.local.setItem(PUSH_DISMISSED_AT_KEY, 'garbage');
    storages.session.setItem('amora_push_interest', '1');
    loadPushPromptMemory(storages);
    expect(isPushPromptDue($pushPrompt.get(), NOW)).toBe(true);
    loadPushPromptMemory({ local: null, session: null });
    notePushInterest({ local: null, session: null });
    expect(isPushPromptDue($pushPrompt.get(), NOW)).toBe(true);
  });
});
