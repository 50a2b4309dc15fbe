/**
 * Shell timing constants of docs/product.md §9 (milliseconds). The sizes of docs/product.md §9 (toast
 * progress 4 px, loading bar 3 px, modal z-index 1055) live in src/styles/shell.css.
 */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_POSITIONS = [
  'top-start',
  'top-center',
  'top-end',
  'middle-start',
  'middle-center',
  'middle-end',
  'bottom-start',
  'bottom-center',
  'bottom-end',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export const TOAST_DEFAULT_POSITION: ToastPosition = 'top-end';

export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 2_000;
export const LOADING_HIDE_DELAY_MS = 500;
export const LOADING_RESET_DELAY_MS = 400;

export const RELOAD_GUARD_MS = 10_000;
/** How often a page asks the server for its build id (5 minutes). */
export const BUILD_ID_POLL_MS = 5 * 60_000;
