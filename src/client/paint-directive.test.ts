import { afterEach, describe, expect, it, vi } from 'vitest';
import paintDirective from './paint-directive';

/** Runs the directive with a stubbed document and frame clock; returns the island's load and hydrate spies. */
function run(visibilityState: 'visible' | 'hidden') {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  void paintDirective(load, { name: 'paint', value: '' }, {} as HTMLElement);
  return { frames, load, hydrate };
}

describe('client:paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads and hydrates the island only once the first frame has been painted', async () => {
    vi.useFakeTimers();
    const { frames, load, hydrate } = run('visible');
    await vi.runAllTimersAsync();
    expect(load).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it('hydrates at once in a background tab, which paints no frames until shown', async () => {
    const { frames, load, hydrate } = run('hidden');
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    expect(load).toHaveBeenCalledOnce();
    expect(frames).toHaveLength(0);
  });
});
