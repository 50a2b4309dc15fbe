import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, pauseToast, resumeToast, showToast } from './toasts';

describe('toasts (docs/product.md §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const toast of $toasts.get()) dismissToast(toast.id);
  });
  afterEach(() => vi.useRealTimers());

  it('auto-dismisses after 5000 ms at top-end by default', () => {
    showToast({ message: 'Saved' });
    expect($toasts.get()[0]).toMatchObject({ position: 'top-end', duration: 5000, kind: 'info' });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('pauses on hover and resumes with the time left', () => {
    const id = showToast({ message: 'Hi', position: 'bottom-center' });
    vi.advanceTimersByTime(3000);
    pauseToast(id);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]!.remaining).toBe(2000);
    resumeToast(id);
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps a toast with duration 0 until dismissed', () => {
    const id = showToast({ message: 'Update ready', duration: 0 });
    vi.advanceTimersByTime(600_000);
    expect($toasts.get()).toHaveLength(1);
    dismissToast(id);
    expect($toasts.get()).toHaveLength(0);
  });
});
