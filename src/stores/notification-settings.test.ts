import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const { DEFAULT_NOTIFICATION_SETTINGS } = await import('~/shared/contracts/notifications');
const store = await import('./notification-settings');

const settings = () => store.$notificationSettings.get().settings;

/** Resolves when `resolve` is called: lets a test hold an answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('notification settings store (docs/product.md §10 Notifications)', () => {
  beforeEach(() => {
    callApi.mockReset();
    store.resetNotificationSettings();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('loads the settings, or shows failed', async () => {
    callApi.mockResolvedValueOnce({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    await store.loadNotificationSettings();
    expect(callApi).toHaveBeenCalledWith('notificationSettings');
    expect(store.$notificationSettings.get()).toMatchObject({
      status: 'ready',
      settings: DEFAULT_NOTIFICATION_SETTINGS,
    });
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.loadNotificationSettings();
    expect(store.$notificationSettings.get().status).toBe('failed');
  });

  it('shows a change at once, sends only that field, and reports it saved', async () => {
    callApi.mockResolvedValueOnce({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    await store.loadNotificationSettings();
    const answer = deferred<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const saving = store.setNotificationSetting('message_mail', false);
    expect(settings()!.message_mail).toBe(false);
    expect(store.$notificationSettings.get().saving).toEqual(['message_mail']);
    expect(callApi).toHaveBeenLastCalledWith('updateNotificationSettings', { body: { message_mail: false } });
    answer.resolve({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, message_mail: false } });
    expect(await saving).toBe(true);
    expect(store.$notificationSettings.get()).toMatchObject({
      saving: [],
      lastSave: { key: 'message_mail', outcome: 'saved' },
    });
  });

  it('puts the switch back and reports the error when the server refuses', async () => {
    callApi.mockResolvedValueOnce({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    await store.loadNotificationSettings();
    callApi.mockRejectedValueOnce(new ApiError(403, 'not_logged_in', 'errors.not_logged_in'));
    expect(await store.setNotificationSetting('like_mail', false)).toBe(false);
    expect(settings()!.like_mail).toBe(true);
    expect(store.$notificationSettings.get().lastSave).toEqual({
      key: 'like_mail',
      outcome: 'failed',
      message: 'errors.not_logged_in',
    });
  });

  it('keeps the newest choice when answers to quick toggles arrive out of order', async () => {
    callApi.mockResolvedValueOnce({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    await store.loadNotificationSettings();
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    callApi.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const off = store.setNotificationSetting('like_push', false);
    const on = store.setNotificationSetting('like_push', true);
    second.resolve({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, like_push: true } });
    await on;
    first.resolve({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, like_push: false } });
    await off;
    expect(settings()!.like_push).toBe(true);
    expect(store.$notificationSettings.get().saving).toEqual([]);
  });

  it('does nothing before the settings are loaded', async () => {
    expect(await store.setNotificationSetting('message_push', false)).toBe(false);
    expect(callApi).not.toHaveBeenCalled();
  });
});
