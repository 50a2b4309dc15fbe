import { atom, computed } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import type { Like } from '~/shared/contracts/likes';
import { setNewLikes } from './badges';
import { notePushInterest } from './push-prompt';
import { refreshUser } from './session';
import * as routes from '~/shared/contracts/routes';

/**
 * Likes store (docs/product.md §4 likes): the likes I gave and received, the new-likes
 * badge, and the like/unlike toggle (likes are reloaded afterwards).
 */
export interface LikesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  given: Like[];
  received: Like[];
}

export const $likes = atom<LikesState>({ status: 'idle', given: [], received: [] });
/** Profiles with a like/unlike call in flight: their buttons show the wanted state and are disabled. */
export const $pendingLikes = atom<ReadonlyMap<number, boolean>>(new Map());

/** Ids of the members I like, with pending toggles applied (for heart buttons). */
export const $likedIds = computed([$likes, $pendingLikes], (likes, pending) => {
  const ids = new Set(likes.given.map((like) => like.profile.id));
  for (const [id, liked] of pending) {
    if (liked) ids.add(id);
    else ids.delete(id);
  }
  return ids;
});

/** Likes received that are still new: the nav and app badge count (docs/product.md §9). */
export function countNewLikes(received: Like[]): number {
  return received.filter((like) => like.like_new).length;
}

/**
 * Loads both lists. docs/product.md §8: a 403 refetches the user (the session may have
 * ended); other failures are logged and keep what was shown.
 */
export async function loadLikes(): Promise<void> {
  const current = $likes.get();
  if (current.status === 'idle') $likes.set({ ...current, status: 'loading' });
  try {
    const { profiles, liked_by } = await callApi(routes.likes, { quiet: true });
    $likes.set({ status: 'ready', given: profiles, received: liked_by });
    setNewLikes(countNewLikes(liked_by));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await refreshUser();
      return;
    }
    console.warn('likes load failed', error);
    $likes.set({ ...$likes.get(), status: $likes.get().status === 'ready' ? 'ready' : 'error' });
  }
}

function setPending(profileId: number, liked: boolean | null): void {
  const next = new Map($pendingLikes.get());
  if (liked === null) next.delete(profileId);
  else next.set(profileId, liked);
  $pendingLikes.set(next);
}

/**
 * Likes or unlikes a member (docs/product.md §4 toggle), then reloads the likes.
 * @returns the new state, or null when the call failed (the button goes back).
 */
export async function toggleLike(profileId: number): Promise<boolean | null> {
  if ($pendingLikes.get().has(profileId)) return null;
  const wantLiked = !$likedIds.get().has(profileId);
  setPending(profileId, wantLiked);
  try {
    if (wantLiked) await callApi(routes.like, { body: { profile: profileId } });
    else await callApi(routes.unlike, { body: { profile: profileId } });
    // A like shows interest: the push offer may follow.
    if (wantLiked) notePushInterest();
    await loadLikes();
    return wantLiked;
  } catch (error) {
    console.warn('like toggle failed', error);
    if (error instanceof ApiError && error.status === 403) await refreshUser();
    return null;
  } finally {
    setPending(profileId, null);
  }
}

/** Forgets every like (logout). */
export function clearLikes(): void {
  $likes.set({ status: 'idle', given: [], received: [] });
  setNewLikes(0);
}
