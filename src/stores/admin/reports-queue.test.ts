import { describe, expect, it, vi } from 'vitest';
import type { ReportListItem } from '~/shared/contracts/admin/moderation';
import { createReportsQueue } from './reports-queue';

const report = (id: number) => ({ id }) as unknown as ReportListItem;
const sla = { oldestAgeS: 60, openCount: 3, underageCount: 0 };

describe('reports queue store (docs/product.md §13 Reports queue)', () => {
  it('loads the first page, opens more after the last report, and drops repeats', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce({ reports: [report(1), report(2)], hasMore: true, sla })
      .mockResolvedValueOnce({ reports: [report(2), report(3)], hasMore: false, sla });
    const queue = createReportsQueue(fetch);
    await queue.load();
    expect(queue.$hasMore.get()).toBe(true);
    await queue.loadMore();
    expect(fetch.mock.calls).toEqual([[], [2]]);
    expect(queue.$reports.get().map((item) => item.id)).toEqual([1, 2, 3]);
    expect(queue.$hasMore.get()).toBe(false);
  });

  it('takes a resolved report out, opens the next one and says what was done', async () => {
    const page = { reports: [report(1), report(2), report(3)], hasMore: false, sla };
    const fetch = vi.fn().mockResolvedValue(page);
    const queue = createReportsQueue(fetch);
    await queue.load();
    queue.select(2);
    await queue.resolve(2, 'Report #2 resolved: dismissed without action.');
    // The reload still lists report 2 (resolved meanwhile): it stays out.
    expect(queue.$reports.get().map((item) => item.id)).toEqual([1, 3]);
    expect(queue.$state.get()).toMatchObject({
      selectedId: 3,
      notice: 'Report #2 resolved: dismissed without action.',
    });
    await queue.resolve(3, 'done');
    expect(queue.$state.get().selectedId).toBe(1);
    await queue.resolve(1, 'done');
    expect(queue.$state.get().selectedId).toBeNull();
  });

  it('words a failed load and a failed next page; a refresh forgets the extra pages and the notice', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'network' }))
      .mockResolvedValueOnce({ reports: [report(1)], hasMore: true, sla })
      .mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'forbidden' }))
      .mockResolvedValueOnce({ reports: [report(5)], hasMore: false, sla });
    const queue = createReportsQueue(fetch);
    await queue.load();
    expect(queue.$state.get()).toMatchObject({ first: null, error: { key: 'errors.network' }, loading: false });
    await queue.load();
    await queue.loadMore();
    expect(queue.$state.get()).toMatchObject({
      error: null,
      moreError: { key: 'errors.forbidden' },
      loadingMore: false,
    });
    await queue.refresh();
    expect(queue.$reports.get().map((item) => item.id)).toEqual([5]);
    expect(queue.$state.get()).toMatchObject({ more: null, notice: null });
  });
});
