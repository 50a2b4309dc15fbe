import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '~/shared/contracts/profile';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const session = await import('./session');
const likes = await import('./likes');
const polling = await import('./social-polling');
const { $newLikes } = await import('./badges');

const user = { email: 'a@example.com', profile: { id: 1, name: 'A' } } as unknown as User;
const like = (id: number, isNew = false) => ({
  id,
  profile: { id, name: `P${id}` },
  like_new: isNew,
  did_like_profile: false,
  created_at: '',
});
/**
 * Advances the fake clock, then lets the polls finish: a poll loads the likes and chats stores by
 * import() (social-polling.ts), which resolves outside the fake clock.
 */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}
const calls = (operation: string) => callApi.mock.calls.filter(([c]) => c === operation).length;

describe('likes store and chat/likes polling (docs/product.md §4, §9)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    callApi.mockReset();
    session.initSession(null);
    likes.clearLikes();
  });
  afterEach(() => {
    stop();
    session.stopUserPolling();
    vi.useRealTimers();
  });

  it('starts 1 s after login, repeats every 60 s, and counts new likes for the badge', async () => {
    callApi.mockImplementation(async (contract) =>
      contract === 'likes'
        ? { profiles: [like(5)], liked_by: [like(7, true), like(8, true), like(9)] }
        : contract === 'chats'
          ? { chats: [] }
          : user,
    );
    stop = polling.watchSessionForSocialPolling();
    session.initSession(user);
    await advance(999);
    expect(calls('likes')).toBe(0);
    await advance(1);
    expect(calls('likes')).toBe(1);
    expect(calls('chats')).toBe(1);
    expect($newLikes.get()).toBe(2);
    expect(likes.$likedIds.get().has(5)).toBe(true);
    await advance(60_000);
    expect(calls('likes')).toBe(2);
    expect(calls('chats')).toBe(2);
  });

  it('polls every 300 s while push is subscribed', async () => {
    callApi.mockImplementation(async (contract) =>
      contract === 'likes' ? { profiles: [], liked_by: [] } : contract === 'chats' ? { chats: [] } : user,
    );
    session.setUserPollingForPush(true);
    stop = polling.watchSessionForSocialPolling();
    session.initSession(user);
    await advance(1_000);
    await advance(299_000);
    expect(calls('likes')).toBe(1);
    await advance(1_000);
    expect(calls('likes')).toBe(2);
    session.setUserPollingForPush(false);
  });

  it('a 403 on likes refetches the user; logout stops polling and clears the badge', async () => {
    stop = polling.watchSessionForSocialPolling();
    callApi.mockImplementation(async (contract) =>
      contract === 'likes' ? { profiles: [], liked_by: [like(7, true)] } : contract === 'chats' ? { chats: [] } : user,
    );
    session.initSession(user);
    await advance(1_000);
    expect($newLikes.get()).toBe(1);
    callApi.mockImplementation(async (contract) => {
      if (contract === 'likes') throw new ApiError(403, 'not_logged_in', 'errors.not_logged_in');
      throw new ApiError(403, 'not_logged_in', 'errors.not_logged_in');
    });
    await advance(60_000);
    expect(calls('user')).toBe(1);
    expect(session.$user.get()).toBeNull();
    expect(polling.isSocialPolling()).toBe(false);
    expect($newLikes.get()).toBe(0);
  });

  it('toggles like then unlike, reloading the likes after each, and reverts on failure', async () => {
    let given: ReturnType<typeof like>[] = [];
    callApi.mockImplementation(async (contract) => {
      if (contract === 'like') given = [like(5)];
      if (contract === 'unlike') given = [];
      return contract === 'likes' ? { profiles: given, liked_by: [] } : {};
    });
    expect(await likes.toggleLike(5)).toBe(true);
    expect(likes.$likedIds.get().has(5)).toBe(true);
    expect(calls('likes')).toBe(1);
    expect(await likes.toggleLike(5)).toBe(false);
    expect(likes.$likedIds.get().has(5)).toBe(false);
    expect(calls('likes')).toBe(2);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    expect(await likes.toggleLike(5)).toBeNull();
    expect(likes.$likedIds.get().has(5)).toBe(false);
    expect(likes.$pendingLikes.get().size).toBe(0);
  });
});
