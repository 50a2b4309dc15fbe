import { describe, expect, it, vi } from 'vitest';
import { checkRejection, createPhotoReviewStore, type PhotoReviewCalls } from './photos';

const refused = (code: string) => Object.assign(new Error('x'), { code });

function calls(overrides: Partial<PhotoReviewCalls> = {}): PhotoReviewCalls {
  return {
    approve: vi.fn().mockResolvedValue({}),
    reject: vi.fn().mockResolvedValue({}),
    approveMany: vi.fn().mockResolvedValue({ approved: [], skipped: [] }),
    ...overrides,
  };
}

describe('photo review store (docs/product.md §13 Photo review)', () => {
  it('approves and rejects: the photo leaves the page and the notice says what happened', async () => {
    const api = calls();
    const store = createPhotoReviewStore(api);
    store.select(1, true);
    await store.approve(1);
    expect(store.$state.get()).toMatchObject({ notice: { key: 'photos.approved' }, busy: new Set() });
    expect([...store.$state.get().reviewed]).toEqual([1]);
    expect([...store.$state.get().selected]).toEqual([]);
    await store.reject(2, 'low_quality', '');
    expect(api.reject).toHaveBeenCalledWith(2, 'low_quality', '');
    expect(store.$state.get().notice).toEqual({ key: 'photos.rejected', values: { reason: 'low_quality' } });
  });

  it('a photo reviewed elsewhere leaves the page; another failure stays on its card', async () => {
    const api = calls({
      approve: vi.fn().mockRejectedValueOnce(refused('conflict')).mockRejectedValueOnce(refused('network')),
    });
    const store = createPhotoReviewStore(api);
    await store.approve(1);
    expect(store.$state.get().notice).toEqual({ key: 'photos.already_reviewed' });
    await store.approve(2);
    expect([...store.$state.get().reviewed]).toEqual([1]);
    expect(store.$state.get().errors).toEqual({ 2: { key: 'errors.network' } });
  });

  it('approves the selected photos of the page at once and counts the skipped ones', async () => {
    const api = calls({ approveMany: vi.fn().mockResolvedValue({ approved: [1], skipped: [3] }) });
    const store = createPhotoReviewStore(api);
    store.selectOnly([1, 3, 9]);
    await store.approveSelected([1, 2, 3]);
    expect(api.approveMany).toHaveBeenCalledWith([1, 3]);
    expect(store.$state.get()).toMatchObject({
      notice: { key: 'photos.bulk_approved_skipped', values: { count: 1, skipped: 1 } },
      busy: new Set(),
    });
    expect([...store.$state.get().selected]).toEqual([9]);
    store.newPage();
    expect(store.$state.get()).toMatchObject({ reviewed: new Set(), selected: new Set(), errors: {} });
  });

  it('a rejection needs a reason, and "other" a note', () => {
    expect(checkRejection('', '')).toEqual({ key: 'photos.choose_reason' });
    expect(checkRejection('other', '  ')).toEqual({ key: 'photos.need_note' });
    expect(checkRejection('other', 'Logo')).toBeNull();
    expect(checkRejection('nudity', '')).toBeNull();
  });
});
