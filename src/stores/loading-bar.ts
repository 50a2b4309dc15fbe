import { atom } from 'nanostores';
import { onApiActivity } from '../client/api';
import {
  LOADING_DURATION_MS,
  LOADING_HIDE_DELAY_MS,
  LOADING_RESET_DELAY_MS,
  LOADING_THROTTLE_MS,
} from '~/shared/constants-shell';

/**
 * The top loading bar (docs/product.md §4 states idle, loading, finished, error; docs/product.md §9
 * timings). Work shorter than the 200 ms throttle never shows the bar; once
 * shown it creeps towards 90 % over 2000 ms, jumps to 100 % when all work ends,
 * hides 500 ms later and resets to idle 400 ms after that.
 */
export type LoadingState = 'idle' | 'loading' | 'finished' | 'error';

export const $loadingBar = atom<{ state: LoadingState; visible: boolean; progress: number; durationMs: number }>({
  state: 'idle',
  visible: false,
  progress: 0,
  durationMs: LOADING_DURATION_MS,
});

let pending = 0;
let failed = false;
let throttleTimer: ReturnType<typeof setTimeout> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
let resetTimer: ReturnType<typeof setTimeout> | null = null;

function clearTimers(): void {
  for (const timer of [throttleTimer, hideTimer, resetTimer]) if (timer) clearTimeout(timer);
  throttleTimer = hideTimer = resetTimer = null;
}

/** Marks the start of one piece of work (an API call, a navigation). */
export function startLoading(): void {
  pending++;
  if (pending > 1) return;
  failed = false;
  const current = $loadingBar.get();
  if (current.state === 'loading') return;
  if (current.visible) {
    // Work started again while the bar was finishing: continue from where it is.
    clearTimers();
    $loadingBar.set({ ...current, state: 'loading', progress: 0.9 });
    return;
  }
  clearTimers();
  throttleTimer = setTimeout(() => {
    throttleTimer = null;
    if (pending > 0)
      $loadingBar.set({ state: 'loading', visible: true, progress: 0.9, durationMs: LOADING_DURATION_MS });
  }, LOADING_THROTTLE_MS);
}

/** Marks the end of one piece of work; `ok: false` ends in the error state. */
export function endLoading(ok = true): void {
  if (pending === 0) return;
  pending--;
  if (!ok) failed = true;
  if (pending > 0) return;
  if (throttleTimer) {
    // Finished within the throttle: the bar never appears.
    clearTimers();
    return;
  }
  $loadingBar.set({ ...$loadingBar.get(), state: failed ? 'error' : 'finished', progress: 1 });
  hideTimer = setTimeout(() => {
    $loadingBar.set({ ...$loadingBar.get(), visible: false });
    resetTimer = setTimeout(() => {
      $loadingBar.set({ state: 'idle', visible: false, progress: 0, durationMs: LOADING_DURATION_MS });
    }, LOADING_RESET_DELAY_MS);
  }, LOADING_HIDE_DELAY_MS);
}

/**
 * Drives the bar from the API calls (`callApi` without `quiet`): each call is one
 * piece of work, a failed one ends in the error state. Returns an unsubscribe function.
 */
export function followApiActivity(): () => void {
  return onApiActivity((event) => (event === 'start' ? startLoading() : endLoading(event === 'end')));
}

/** Test helper: back to idle with no pending work. */
export function resetLoadingBar(): void {
  clearTimers();
  pending = 0;
  failed = false;
  $loadingBar.set({ state: 'idle', visible: false, progress: 0, durationMs: LOADING_DURATION_MS });
}
