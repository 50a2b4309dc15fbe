import { describe, expect, it } from 'vitest';
import { createDecodeQueue } from './decode-queue';

/** A decode that runs until `finish()` and records how many ran at once. */
function trackedDecodes() {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const finishers: (() => void)[] = [];
  return {
    decode: (id: number) => () =>
      new Promise<number>((resolve) => {
        running++;
        most = Math.max(most, running);
        started.push(id);
        finishers.push(() => {
          running--;
          resolve(id);
        });
      }),
    finishAll: () => finishers.splice(0).forEach((finish) => finish()),
    most: () => most,
    started,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createDecodeQueue', () => {
  it('runs at most `concurrency` decodes at once, the others in arrival order', async () => {
    const queue = createDecodeQueue({ concurrency: 2 });
    const tracked = trackedDecodes();
    const results = Promise.all([1, 2, 3, 4, 5].map((id) => queue.run(tracked.decode(id))));
    await tick();
    expect(tracked.started).toEqual([1, 2]);
    expect(queue.load()).toEqual({ active: 2, waiting: 3 });
    while (tracked.started.length < 5 || queue.load().active > 0) {
      tracked.finishAll();
      await tick();
    }
    expect(await results).toEqual([1, 2, 3, 4, 5]);
    expect(tracked.started).toEqual([1, 2, 3, 4, 5]);
    expect(tracked.most()).toBe(2);
  });

  it('is full once `maxWaiting` decodes wait', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 2 });
    const tracked = trackedDecodes();
    const all = [1, 2].map((id) => queue.run(tracked.decode(id)));
    await tick();
    expect(queue.isFull()).toBe(false);
    all.push(queue.run(tracked.decode(3)));
    await tick();
    expect(queue.isFull()).toBe(true);
    while (queue.load().active > 0) {
      tracked.finishAll();
      await tick();
    }
    await Promise.all(all);
    expect(queue.isFull()).toBe(false);
  });

  it('frees the slot of a decode that fails', async () => {
    const queue = createDecodeQueue({ concurrency: 1 });
    await expect(queue.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.load()).toEqual({ active: 0, waiting: 0 });
  });
});
