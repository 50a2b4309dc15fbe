import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const store = await import('./account-sessions');

const session = (handle: string, current = false) => ({
  handle,
  browser: 'Chrome',
  os: 'Android',
  kind: 'mobile' as const,
  country: 'NL',
  startedAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-21T10:00:00.000Z',
  current,
});
const here = session('a'.repeat(22), true);
const there = session('b'.repeat(22));
const third = session('c'.repeat(22));

describe('account sessions store (docs/product.md §10 Sessions)', () => {
  beforeEach(() => {
    callApi.mockReset();
    store.resetAccountSessions();
  });

  it('loads the sessions', async () => {
    callApi.mockResolvedValue({ sessions: [here, there] });
    await store.loadSessions();
    expect(callApi.mock.calls[0]![0]).toBe('listSessions');
    expect(store.$accountSessions.get()).toMatchObject({ status: 'ready', sessions: [here, there], error: null });
  });

  it('shows the failure of a load', async () => {
    callApi.mockRejectedValue(new ApiError(403, 'not_logged_in', 'errors.not_logged_in'));
    await store.loadSessions();
    expect(store.$accountSessions.get()).toMatchObject({ status: 'error', error: 'errors.not_logged_in' });
  });

  it('logs out one session and drops it from the list', async () => {
    callApi.mockResolvedValueOnce({ sessions: [here, there, third] }).mockResolvedValueOnce({ ended: true });
    await store.loadSessions();
    expect(await store.logOutSession(there.handle)).toBe(true);
    expect(callApi.mock.calls[1]).toEqual(['endSession', { query: { action: 'end' }, body: { handle: there.handle } }]);
    expect(store.$accountSessions.get()).toMatchObject({
      sessions: [here, third],
      busy: null,
      done: { kind: 'ended' },
    });
  });

  it('reloads when the session was already gone', async () => {
    callApi
      .mockResolvedValueOnce({ sessions: [here, there] })
      .mockRejectedValueOnce(new ApiError(404, 'not_found', 'errors.not_found'))
      .mockResolvedValueOnce({ sessions: [here] });
    await store.loadSessions();
    expect(await store.logOutSession(there.handle)).toBe(false);
    expect(callApi).toHaveBeenCalledTimes(3);
    expect(store.$accountSessions.get()).toMatchObject({ sessions: [here], error: null, status: 'ready' });
  });

  it('logs out everywhere else and keeps this device', async () => {
    callApi.mockResolvedValueOnce({ sessions: [here, there, third] }).mockResolvedValueOnce({ ended: 2 });
    await store.loadSessions();
    expect(await store.logOutOtherSessions()).toBe(true);
    expect(callApi.mock.calls[1]![0]).toBe('endOtherSessions');
    expect(store.$accountSessions.get()).toMatchObject({
      sessions: [here],
      done: { kind: 'ended_others', count: 2 },
    });
  });

  it('keeps the list when logging out everywhere else fails', async () => {
    callApi
      .mockResolvedValueOnce({ sessions: [here, there] })
      .mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.loadSessions();
    expect(await store.logOutOtherSessions()).toBe(false);
    expect(store.$accountSessions.get()).toMatchObject({ sessions: [here, there], error: 'errors.network' });
  });
});
