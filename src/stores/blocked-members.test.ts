import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const store = await import('./blocked-members');

const ben = { id: 2, name: 'Ben', blocked_at: '2026-11-20T10:00:00.000Z' };
const cleo = { id: 3, name: 'Cleo', blocked_at: '2026-11-21T10:00:00.000Z' };

describe('blocked members store (docs/product.md §10 Blocked members)', () => {
  beforeEach(() => {
    callApi.mockReset();
    store.resetBlockedMembers();
  });

  it('loads the list, and shows the failure of a load', async () => {
    callApi.mockResolvedValueOnce({ members: [cleo, ben] });
    await store.loadBlockedMembers();
    expect(callApi.mock.calls[0]![0]).toBe('blockedMembers');
    expect(store.$blockedMembers.get()).toMatchObject({ status: 'ready', members: [cleo, ben], error: null });

    store.resetBlockedMembers();
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.loadBlockedMembers();
    expect(store.$blockedMembers.get()).toMatchObject({ status: 'error', members: [], error: 'errors.network' });
  });

  it('unblocks: the member leaves the list and the status line names them; a failure keeps them', async () => {
    callApi.mockResolvedValueOnce({ members: [cleo, ben] });
    await store.loadBlockedMembers();
    callApi.mockResolvedValueOnce({ blocked: false });
    expect(await store.unblockFromList(ben)).toBe(true);
    expect(callApi.mock.calls[1]).toEqual(['unblock', { body: { profile: 2 } }]);
    expect(store.$blockedMembers.get()).toMatchObject({ members: [cleo], busy: null, unblocked: 'Ben' });

    callApi.mockRejectedValueOnce(new ApiError(500, 'internal', 'errors.internal'));
    expect(await store.unblockFromList(cleo)).toBe(false);
    expect(store.$blockedMembers.get()).toMatchObject({ members: [cleo], busy: null, error: 'errors.internal' });
  });
});
