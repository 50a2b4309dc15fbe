import pLimit from 'p-limit';

/** Uploads that may wait for a decode slot before further ones are refused as busy. */
export const DECODE_QUEUE_MAX_WAITING = 16;

/**
 * The process's photo decoding queue (docs/product.md §10 Photos, docs/architecture.md §5):
 * at most `concurrency` images are decoded and re-encoded at once, the rest wait in arrival
 * order. Decoding a 40-megapixel image holds 100+ MB and a CPU core for up to a second; run
 * unbounded, ten of them at once starve every other request of CPU and memory.
 */
export interface DecodeQueue {
  /** Runs `decode` once a slot is free; resolves or rejects with its outcome. */
  run<T>(decode: () => Promise<T>): Promise<T>;
  /** True when `maxWaiting` decodes already wait: a new upload is refused rather than queued. */
  isFull(): boolean;
  /** Decodes running now and waiting for a slot. */
  load(): { active: number; waiting: number };
}

/**
 * A queue of photo decodes, `concurrency` (≥ 1) at a time. p-limit rather than sharp's own
 * `concurrency` setting: that one sets libvips threads per image, not how many images are
 * decoded at once (each sharp call takes a libuv thread, four by default).
 */
export function createDecodeQueue(options: { concurrency: number; maxWaiting?: number }): DecodeQueue {
  const limit = pLimit(options.concurrency);
  const maxWaiting = options.maxWaiting ?? DECODE_QUEUE_MAX_WAITING;
  return {
    run: (decode) => limit(decode),
    isFull: () => limit.pendingCount >= maxWaiting,
    load: () => ({ active: limit.activeCount, waiting: limit.pendingCount }),
  };
}
