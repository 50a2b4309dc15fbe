import { atom } from 'nanostores';
import { TOAST_DEFAULT_POSITION, TOAST_DURATION_MS, type ToastPosition } from '~/shared/constants-shell';

/**
 * Toasts (docs/product.md §9): auto-dismiss after 5000 ms unless paused (hover/focus),
 * positioned on a 3×3 grid, default top-end. `kind: 'error'` toasts are
 * announced assertively (role="alert"), others politely (role="status").
 */
export interface Toast {
  id: number;
  /** Already translated text. */
  message: string;
  kind: 'info' | 'success' | 'error';
  position: ToastPosition;
  /** ms; 0 keeps the toast until dismissed. */
  duration: number;
  /** ms left when paused; the progress bar shows remaining / duration. */
  remaining: number;
  paused: boolean;
  /** Epoch ms the current countdown started (for the progress bar). */
  startedAt: number;
  action?: { label: string; run: () => void };
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function schedule(id: number, ms: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
}

function update(id: number, patch: Partial<Toast>): void {
  $toasts.set($toasts.get().map((toast) => (toast.id === id ? { ...toast, ...patch } : toast)));
}

/** Shows a toast; returns its id. */
export function showToast(input: {
  message: string;
  kind?: Toast['kind'];
  position?: ToastPosition;
  duration?: number;
  action?: Toast['action'];
}): number {
  const id = nextId++;
  const duration = input.duration ?? TOAST_DURATION_MS;
  const toast: Toast = {
    id,
    message: input.message,
    kind: input.kind ?? 'info',
    position: input.position ?? TOAST_DEFAULT_POSITION,
    duration,
    remaining: duration,
    paused: false,
    startedAt: Date.now(),
    action: input.action,
  };
  $toasts.set([...$toasts.get(), toast]);
  if (duration > 0) schedule(id, duration);
  return id;
}

/** Removes a toast now. */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Stops a toast's countdown (pointer over it or focus inside), keeping the time left. */
export function pauseToast(id: number): void {
  const toast = $toasts.get().find((t) => t.id === id);
  if (!toast || toast.paused || toast.duration === 0) return;
  clearTimeout(timers.get(id));
  const remaining = Math.max(0, toast.remaining - (Date.now() - toast.startedAt));
  update(id, { paused: true, remaining });
}

/** Restarts a paused toast's countdown with the time it had left. */
export function resumeToast(id: number): void {
  const toast = $toasts.get().find((t) => t.id === id);
  if (!toast || !toast.paused) return;
  update(id, { paused: false, startedAt: Date.now() });
  schedule(id, toast.remaining);
}
