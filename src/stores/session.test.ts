import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '~/shared/contracts/profile';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const session = await import('./session');

const user = { email: 'a@example.com', profile: { id: 1, name: 'A' } } as unknown as User;

describe('session store (docs/product.md §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    callApi.mockReset();
    session.initSession(null);
  });
  afterEach(() => {
    session.stopUserPolling();
    vi.useRealTimers();
  });

  it('login sets the user and starts polling every 60 s', async () => {
    callApi.mockResolvedValueOnce({ user });
    await session.logIn('a@example.com', 'pw');
    expect(session.$user.get()).toBe(user);
    expect(session.isUserPolling()).toBe(true);
    callApi.mockResolvedValue(user);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(callApi).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(callApi).toHaveBeenCalledTimes(2);
  });

  it('a 403 on the user call clears the user and stops polling', async () => {
    session.initSession(user);
    callApi.mockRejectedValueOnce(new ApiError(403, 'not_logged_in', 'errors.not_logged_in'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session.$user.get()).toBeNull();
    expect(session.isUserPolling()).toBe(false);
  });

  it('other failures keep the user', async () => {
    session.initSession(user);
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await session.refreshUser();
    expect(session.$user.get()).toBe(user);
    expect(session.isUserPolling()).toBe(true);
  });

  it('logout stops polling and clears the user even when the call fails', async () => {
    session.initSession(user);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    expect(await session.logOut()).toBe(false);
    expect(session.$user.get()).toBeNull();
    expect(session.isUserPolling()).toBe(false);
  });
});
