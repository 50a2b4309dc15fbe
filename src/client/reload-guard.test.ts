import { describe, expect, it, vi } from 'vitest';
import { guardedReload } from './reload-guard';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('page-reload guard (docs/product.md §9: 10 s)', () => {
  it('reloads at most once per 10 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(guardedReload(storage, 1_000_000, reload)).toBe(true);
    expect(guardedReload(storage, 1_009_999, reload)).toBe(false);
    expect(guardedReload(storage, 1_010_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
