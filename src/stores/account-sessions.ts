import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import type { SessionView } from '~/shared/contracts/sessions';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * "Where you are logged in" on /profile (docs/product.md §10 Sessions): the member's live
 * sessions and the two log-out actions. The island renders this state and calls the verbs.
 */
export interface AccountSessionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  sessions: SessionView[];
  /** The action running: a session's handle, `others`, or null. */
  busy: string | null;
  /** i18n key of the last failure, null when none. */
  error: string | null;
  /** What the last action did, for a status line: `ended` one, `ended_others` with a count. */
  done: { kind: 'ended' } | { kind: 'ended_others'; count: number } | null;
}

const initial = (): AccountSessionsState => ({ status: 'idle', sessions: [], busy: null, error: null, done: null });

export const $accountSessions = atom<AccountSessionsState>(initial());

const patch = (change: Partial<AccountSessionsState>) => $accountSessions.set({ ...$accountSessions.get(), ...change });

/** Loads the member's sessions (this device first). */
export async function loadSessions(): Promise<void> {
  patch({ status: $accountSessions.get().status === 'ready' ? 'ready' : 'loading', error: null });
  try {
    const { sessions } = await callApi(routes.listSessions, { quiet: true });
    patch({ status: 'ready', sessions });
  } catch (error) {
    patch({ status: 'error', error: failureMessageKey(error) });
  }
}

/**
 * "Log out there": ends the session `handle`; it leaves the list at once. A session that was
 * already gone (`not_found`) leaves the list too, after a reload.
 * @returns true when the server ended it.
 */
export async function logOutSession(handle: string): Promise<boolean> {
  patch({ busy: handle, error: null, done: null });
  try {
    await callApi(routes.endSession, { query: { action: 'end' }, body: { handle } });
    const { sessions } = $accountSessions.get();
    patch({ busy: null, sessions: sessions.filter((s) => s.handle !== handle), done: { kind: 'ended' } });
    return true;
  } catch (error) {
    patch({ busy: null, error: failureMessageKey(error) });
    if (error instanceof ApiError && error.code === 'not_found') await loadSessions();
    return false;
  }
}

/** "Log out everywhere else": ends every session but this device's; the list keeps only this one. */
export async function logOutOtherSessions(): Promise<boolean> {
  patch({ busy: 'others', error: null, done: null });
  try {
    const { ended } = await callApi(routes.endOtherSessions, { query: { action: 'end-others' } });
    const { sessions } = $accountSessions.get();
    patch({ busy: null, sessions: sessions.filter((s) => s.current), done: { kind: 'ended_others', count: ended } });
    return true;
  } catch (error) {
    patch({ busy: null, error: failureMessageKey(error) });
    return false;
  }
}

/** Back to the initial state (tests). */
export function resetAccountSessions(): void {
  $accountSessions.set(initial());
}
