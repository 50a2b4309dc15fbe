import { CHAT_POLL_DELAY_MS } from '~/shared/constants';
import { clearChats, loadChats } from './chats';
import { clearLikes, loadLikes } from './likes';
import { startRealtime, stopRealtime } from './realtime';
import { $user, userPollInterval } from './session';

/**
 * docs/product.md §4/§9 chat/likes polling: starts 1 s after login (or page load while
 * logged in), repeats every 60 s (300 s while push is subscribed, the user
 * poll's interval), stops at logout. The event stream makes most updates
 * instant; polling stays as the fallback when the stream is down.
 */
const POLLS: (() => Promise<void>)[] = [loadLikes, loadChats];

let timer: ReturnType<typeof setTimeout> | null = null;
let unwatch: (() => void) | null = null;

async function pollOnce(): Promise<void> {
  await Promise.all(POLLS.map((poll) => poll().catch((error: unknown) => console.warn('poll failed', error))));
}

function schedule(delayMs: number): void {
  timer = setTimeout(() => {
    void pollOnce().finally(() => {
      if (timer !== null) schedule(userPollInterval());
    });
  }, delayMs);
}

/** Starts polling CHAT_POLL_DELAY_MS from now (idempotent). */
export function startSocialPolling(): void {
  if (timer !== null) return;
  schedule(CHAT_POLL_DELAY_MS);
}

export function stopSocialPolling(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

export function isSocialPolling(): boolean {
  return timer !== null;
}

/** Polls now (e.g. after a like) without changing the schedule. */
export function pollSocialNow(): Promise<void> {
  return pollOnce();
}

/**
 * Follows the session: polling and the event stream run while a member is
 * logged in; on logout the likes and chats (and their badges) are cleared.
 * Call once per page.
 */
export function watchSessionForSocialPolling(): () => void {
  unwatch?.();
  let loggedIn: boolean | null = null;
  unwatch = $user.subscribe((user) => {
    const now = user !== null;
    if (now === loggedIn) return;
    loggedIn = now;
    if (user) {
      startSocialPolling();
      startRealtime(user.profile.id);
    } else {
      stopRealtime();
      stopSocialPolling();
      clearLikes();
      clearChats();
    }
  });
  return () => {
    unwatch?.();
    unwatch = null;
    stopSocialPolling();
  };
}
