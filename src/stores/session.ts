import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import { removeStoredSignupDraft } from '../client/signup-draft';
import type { SignupPayloadInput } from '~/shared/contracts/auth';
import type { User } from '~/shared/contracts/profile';
import { USER_POLL_INTERVAL_MS, USER_POLL_INTERVAL_PUSH_MS } from '~/shared/constants';
import * as routes from '~/shared/contracts/routes';

/**
 * Session store (docs/product.md §4): `$user` is the logged-in member or null. Login
 * starts user polling (every 60 s), logout stops it, and a 403 on the user
 * call clears the user.
 */
export const $user = atom<User | null>(null);

let pollTimer: ReturnType<typeof setInterval> | null = null;
let pollIntervalMs = USER_POLL_INTERVAL_MS;

/** Sets the user rendered by the server and starts polling when logged in. Call once per page. */
export function initSession(user: User | null): void {
  $user.set(user);
  if (user) startUserPolling();
  else stopUserPolling();
}

/** Starts polling `GET /api/user.php` (60 s, or 300 s with push; idempotent). */
export function startUserPolling(): void {
  if (pollTimer) return;
  pollTimer = setInterval(() => void refreshUser(), pollIntervalMs);
}

/** docs/product.md §9: polling slows from 60 s to 300 s while push is subscribed. */
export function setUserPollingForPush(isSubscribed: boolean): void {
  const next = isSubscribed ? USER_POLL_INTERVAL_PUSH_MS : USER_POLL_INTERVAL_MS;
  if (next === pollIntervalMs) return;
  pollIntervalMs = next;
  if (pollTimer) {
    stopUserPolling();
    startUserPolling();
  }
}

export function userPollInterval(): number {
  return pollIntervalMs;
}

export function stopUserPolling(): void {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

export function isUserPolling(): boolean {
  return pollTimer !== null;
}

/**
 * Refetches the user. A 403 ends the session locally (user cleared, polling
 * stopped); other failures keep the current user (docs/product.md §8: only logged).
 */
export async function refreshUser(): Promise<User | null> {
  try {
    const user = await callApi(routes.user);
    $user.set(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      $user.set(null);
      stopUserPolling();
      return null;
    }
    console.warn('user refresh failed', error);
    return $user.get();
  }
}

/**
 * Logs in; on success sets the user, starts polling and drops this site's signup draft
 * (docs/product.md §3: a member needs no visitor's draft). @throws ApiError
 */
export async function logIn(email: string, password: string): Promise<User> {
  const { user } = await callApi(routes.login, { body: { email, password } });
  removeStoredSignupDraft();
  $user.set(user);
  startUserPolling();
  return user;
}

/**
 * Creates the account (docs/product.md §2 step 0); on success the member is logged in and this
 * site's signup draft is dropped (docs/product.md §3: the server has the e-mail and name). @throws ApiError
 */
export async function signUp(payload: SignupPayloadInput): Promise<User> {
  const { user } = await callApi(routes.signup, { body: payload });
  removeStoredSignupDraft();
  $user.set(user);
  startUserPolling();
  return user;
}

/**
 * Logs out. Whatever the server answers, the user is cleared, polling stops and this site's
 * signup draft is dropped (docs/product.md §8: logout failure clears the user too; §3: nothing
 * typed is left for the next person at this browser). Returns false when the call failed.
 */
export async function logOut(): Promise<boolean> {
  let succeeded = true;
  try {
    await callApi(routes.logout);
  } catch (error) {
    succeeded = false;
    console.warn('logout failed', error);
  }
  removeStoredSignupDraft();
  $user.set(null);
  stopUserPolling();
  return succeeded;
}

/**
 * docs/product.md §7: `POST /api/page-hidden.php` with `{}` when the page becomes hidden.
 * keepalive lets it finish while the tab goes to the background or closes.
 */
export function notifyPageHidden(): void {
  void callApi(routes.pageHidden, { body: {}, keepalive: true }).catch(() => undefined);
}
