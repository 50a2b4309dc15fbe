import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $loadingBar, endLoading, followApiActivity, resetLoadingBar, startLoading } from './loading-bar';

let reportActivity: (event: 'start' | 'end' | 'error') => void = () => undefined;
const stopActivity = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  onApiActivity: (listener: typeof reportActivity) => {
    reportActivity = listener;
    return stopActivity;
  },
}));

describe('loading bar (docs/product.md §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetLoadingBar();
  });
  afterEach(() => vi.useRealTimers());

  it('never shows for work shorter than the 200 ms throttle', () => {
    startLoading();
    vi.advanceTimersByTime(199);
    endLoading();
    vi.advanceTimersByTime(5000);
    expect($loadingBar.get()).toMatchObject({ state: 'idle', visible: false });
  });

  it('shows after 200 ms, finishes, hides after 500 ms and resets after 400 ms more', () => {
    startLoading();
    vi.advanceTimersByTime(200);
    expect($loadingBar.get()).toMatchObject({ state: 'loading', visible: true, progress: 0.9, durationMs: 2000 });
    endLoading();
    expect($loadingBar.get()).toMatchObject({ state: 'finished', visible: true, progress: 1 });
    vi.advanceTimersByTime(499);
    expect($loadingBar.get().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect($loadingBar.get()).toMatchObject({ state: 'finished', visible: false });
    vi.advanceTimersByTime(400);
    expect($loadingBar.get()).toMatchObject({ state: 'idle', visible: false, progress: 0 });
  });

  it('waits for all concurrent work and ends in error when one failed', () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(300);
    endLoading(false);
    expect($loadingBar.get().state).toBe('loading');
    endLoading(true);
    expect($loadingBar.get().state).toBe('error');
  });

  it('restarts while finishing without flashing', () => {
    startLoading();
    vi.advanceTimersByTime(250);
    endLoading();
    vi.advanceTimersByTime(100);
    startLoading();
    expect($loadingBar.get()).toMatchObject({ state: 'loading', visible: true });
    vi.advanceTimersByTime(2000);
    expect($loadingBar.get().visible).toBe(true);
  });

  it('follows API calls: each is one piece of work, a failed one ends in error', () => {
    const stop = followApiActivity();
    reportActivity('start');
    reportActivity('start');
    vi.advanceTimersByTime(250);
    reportActivity('end');
    expect($loadingBar.get()).toMatchObject({ state: 'loading', visible: true });
    reportActivity('error');
    expect($loadingBar.get()).toMatchObject({ state: 'error', progress: 1 });
    stop();
    expect(stopActivity).toHaveBeenCalled();
  });
});
