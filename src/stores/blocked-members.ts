import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { BlockedMember } from '~/shared/contracts/safety';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * "Blocked members" on /profile (docs/product.md §10 Blocked members): the members the member
 * blocked, by name, and Unblock. The island renders this state and calls the verbs.
 */
export interface BlockedMembersState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  members: BlockedMember[];
  /** The id of the member being unblocked, or null. */
  busy: number | null;
  /** i18n key of the last failure, null when none. */
  error: string | null;
  /** The name of the member the last Unblock freed, for a status line; null when none. */
  unblocked: string | null;
}

const initial = (): BlockedMembersState => ({ status: 'idle', members: [], busy: null, error: null, unblocked: null });

export const $blockedMembers = atom<BlockedMembersState>(initial());

const patch = (change: Partial<BlockedMembersState>) => $blockedMembers.set({ ...$blockedMembers.get(), ...change });

/** Loads the list (most recent block first); a reload keeps the list on screen meanwhile. */
export async function loadBlockedMembers(): Promise<void> {
  patch({ status: $blockedMembers.get().status === 'ready' ? 'ready' : 'loading', error: null });
  try {
    const { members } = await callApi(routes.blockedMembers, { quiet: true });
    patch({ status: 'ready', members });
  } catch (error) {
    patch({ status: 'error', error: failureMessageKey(error) });
  }
}

/**
 * Unblocks `member`; it leaves the list at once (unblocking is idempotent, so one already
 * unblocked elsewhere leaves it too).
 * @returns true when the server unblocked them.
 */
export async function unblockFromList(member: BlockedMember): Promise<boolean> {
  patch({ busy: member.id, error: null, unblocked: null });
  try {
    await callApi(routes.unblock, { body: { profile: member.id } });
    const { members } = $blockedMembers.get();
    patch({ busy: null, members: members.filter((m) => m.id !== member.id), unblocked: member.name });
    return true;
  } catch (error) {
    patch({ busy: null, error: failureMessageKey(error) });
    return false;
  }
}

/** Back to the initial state (tests). */
export function resetBlockedMembers(): void {
  $blockedMembers.set(initial());
}
