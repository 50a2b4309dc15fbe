import { afterEach, describe, expect, it, vi } from 'vitest';
import paintDirective, { PAINT_WAIT_MS } from './paint-directive';

type PaintCallback = (entries: { getEntriesByName(name: string): unknown[] }) => void;

/**
 * Runs the directive with a stubbed document, frame clock and paint reporting (`paints`: whether
 * the browser reports paint entries); returns what drives it and the island's load and hydrate spies.
 */
function run(visibilityState: 'visible' | 'hidden', paints = true) {
  const frames: FrameRequestCallback[] = [];
  const observers: PaintCallback[] = [];
  const listeners: (() => void)[] = [];
  const doc = { visibilityState, addEventListener: (_: string, listener: () => void) => listeners.push(listener) };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      function (this: unknown, callback: PaintCallback) {
        observers.push(callback);
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: paints ? ['paint', 'largest-contentful-paint'] : ['resource'] },
    ),
  );
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  void paintDirective(load, { name: 'paint', value: '' }, {} as HTMLElement);
  const report = (...names: string[]) =>
    observers.forEach((observer) => observer({ getEntriesByName: (name) => names.filter((n) => n === name) }));
  const hide = () => {
    doc.visibilityState = 'hidden';
    listeners.forEach((listener) => listener());
  };
  return { frames, report, hide, load, hydrate };
}

describe('client:paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads and hydrates the island only once the first contentful paint is reported, not at the first frame', async () => {
    vi.useFakeTimers();
    const { frames, report, load, hydrate } = run('visible');
    frames.forEach((frame) => frame(0));
    await vi.advanceTimersByTimeAsync(100);
    expect(load).not.toHaveBeenCalled();
    report('first-paint');
    await vi.advanceTimersByTimeAsync(100);
    expect(load).not.toHaveBeenCalled();
    report('first-paint', 'first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS);
    expect(load).toHaveBeenCalledOnce();
  });

  it('stands in with a frame and a timeout where paints are not reported', async () => {
    vi.useFakeTimers();
    const { frames, load } = run('visible', false);
    await vi.advanceTimersByTimeAsync(100);
    expect(load).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
  });

  it('hydrates after PAINT_WAIT_MS when nothing contentful is painted', async () => {
    vi.useFakeTimers();
    const { load } = run('visible');
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledOnce();
  });

  it('hydrates at once in a background tab, and when the tab is hidden before the paint', async () => {
    const hidden = run('hidden');
    await vi.waitFor(() => expect(hidden.hydrate).toHaveBeenCalledOnce());
    expect(hidden.frames).toHaveLength(0);
    vi.unstubAllGlobals();
    const hiddenLater = run('visible');
    expect(hiddenLater.load).not.toHaveBeenCalled();
    hiddenLater.hide();
    await vi.waitFor(() => expect(hiddenLater.hydrate).toHaveBeenCalledOnce());
  });
});
