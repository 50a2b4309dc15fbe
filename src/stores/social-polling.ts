import { CHAT_POLL_DELAY_MS } from '~/shared/constants';
import { $user, userPollInterval } from './session';

/**
 * docs/product.md §4/§9 chat/likes polling: starts 1 s after login (or page load while
 * logged in), repeats every 60 s (300 s while push is subscribed, the user
 * poll's interval), stops at logout. The event stream makes most updates
 * instant; polling stays as the fallback when the stream is down.
 */
/*
 * The likes and chats stores load with the first poll, not with the page: the polling runs for
 * members only, and a visitor's page would otherwise carry the chat list's code (docs/architecture.md
 * §3, the first visit's JavaScript). Pages that show likes or chats import them themselves.
 */
const POLLS: (() => Promise<void>)[] = [
  () => import('./likes').then((likes) => likes.loadLikes()),
  () => import('./chats').then((chats) => chats.loadChats()),
];

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

let realtime: Promise<typeof import('./realtime')> | null = null;
/**
 * The event stream's code loads when a member is first seen on the page, not with it: visitors
 * never open a stream (docs/architecture.md §3, the first visit's JavaScript). Starts and stops
 * run in the order they were asked for, as callbacks of the one import.
 */
function withRealtime(run: (module: typeof import('./realtime')) => void): void {
  realtime ??= import('./realtime');
  void realtime.then(run);
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
    // Only a logout clears: before the session starts (user still null) another island may have
    // filled the chat list from the page's HTML.
    const loggedOut = loggedIn === true;
    loggedIn = now;
    if (user) {
      startSocialPolling();
      withRealtime((module) => module.startRealtime(user.profile.id));
    } else {
      if (realtime) withRealtime((module) => module.stopRealtime());
      stopSocialPolling();
      if (loggedOut) {
        void import('./likes').then((likes) => likes.clearLikes());
        void import('./chats').then((chats) => chats.clearChats());
      }
    }
  });
  return () => {
    unwatch?.();
    unwatch = null;
    stopSocialPolling();
  };
}
