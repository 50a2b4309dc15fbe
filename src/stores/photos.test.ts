import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const uploadProfileImage = vi.fn();
vi.mock('../client/upload', () => ({ uploadProfileImage: (...args: unknown[]) => uploadProfileImage(...args) }));

const { ApiError } = await import('../client/api');
const store = await import('./photos');

const photo = (id: number, position: number, isMain = false) => ({
  id,
  filename: `u/${id}.webp`,
  thumb_filename: `u/${id}-t.webp`,
  position,
  is_main: isMain,
});
const list = (ids: number[], main: number | null = ids[0] ?? null) => ({
  photos: ids.map((id, i) => photo(id, i, id === main)),
  main_image_id: main,
  max_photos: 12,
});
const visibleIds = () => store.visiblePhotos().photos.map((p) => p.id);
const calls = (operation: string) => callApi.mock.calls.filter(([c]) => c === operation);

describe('photos store (docs/product.md §10 Photos)', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    callApi.mockReset();
    uploadProfileImage.mockReset();
    callApi.mockImplementation(async (contract) => (contract === 'user' ? null : list([1, 2, 3])));
    await store.loadPhotos();
    callApi.mockClear();
    store.clearFinishedUploads();
  });
  afterEach(async () => {
    await store.flushPendingDeletes();
    vi.useRealTimers();
  });

  it('moves a photo one place and announces its new position', async () => {
    callApi.mockImplementation(async (contract, input) =>
      contract === 'arrangePhotos' ? list(input.body.order) : null,
    );
    await store.movePhoto(3, -1);
    expect(calls('arrangePhotos')[0]![1]).toEqual({ body: { order: [1, 3, 2] } });
    expect(visibleIds()).toEqual([1, 3, 2]);
    expect(store.$photoAnnouncement.get()).toMatchObject({ key: 'photos.moved', params: { position: 2, count: 3 } });
    await store.movePhoto(1, -1);
    expect(calls('arrangePhotos')).toHaveLength(1);
  });

  it('puts the order back when the server refuses it', async () => {
    callApi.mockRejectedValue(new ApiError(404, 'not_found', 'errors.not_found'));
    await store.dropPhoto(1, 2);
    expect(visibleIds()).toEqual([1, 2, 3]);
    expect(store.$photoAnnouncement.get()?.key).toBe('errors.not_found');
  });

  it('sets the main photo', async () => {
    callApi.mockImplementation(async (contract) => (contract === 'user' ? null : list([1, 2, 3], 2)));
    await store.setMainPhoto(2);
    expect(calls('arrangePhotos')[0]![1]).toEqual({ body: { main: 2 } });
    expect(store.$photos.get().mainId).toBe(2);
  });

  it('deletes only after the undo window; undo keeps the photo on the server', async () => {
    store.deletePhoto(1);
    expect(visibleIds()).toEqual([2, 3]);
    expect(store.visiblePhotos().mainId).toBe(2);
    await vi.advanceTimersByTimeAsync(store.UNDO_MS - 1);
    expect(store.undoDelete(1)).toBe(true);
    await vi.advanceTimersByTimeAsync(store.UNDO_MS);
    expect(calls('deletePhoto')).toHaveLength(0);
    expect(visibleIds()).toEqual([1, 2, 3]);

    callApi.mockImplementation(async (contract) => (contract === 'user' ? null : list([1, 3])));
    store.deletePhoto(2);
    await vi.advanceTimersByTimeAsync(store.UNDO_MS);
    expect(calls('deletePhoto')[0]![1]).toEqual({ body: { image: 2 }, keepalive: false });
    expect(visibleIds()).toEqual([1, 3]);
    expect(store.undoDelete(2)).toBe(false);
  });

  it('sends pending deletes at once when the page is hidden', async () => {
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    const stop = store.watchPageHideForDeletes();
    callApi.mockImplementation(async () => list([2, 3]));
    store.deletePhoto(1);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls('deletePhoto')[0]![1]).toEqual({ body: { image: 1 }, keepalive: true });
    stop();
    vi.unstubAllGlobals();
  });

  it('brings a photo back when its delete fails', async () => {
    callApi.mockRejectedValue(new ApiError(0, 'network', 'errors.network'));
    store.deletePhoto(3);
    await vi.advanceTimersByTimeAsync(store.UNDO_MS);
    expect(visibleIds()).toEqual([1, 2, 3]);
    expect(store.$photoAnnouncement.get()?.key).toBe('photos.delete_failed');
  });

  it('uploads several files one after another and refuses those beyond the limit', async () => {
    callApi.mockImplementation(async (contract) => (contract === 'user' ? null : list([1, 2, 3])));
    store.$photos.set({ ...store.$photos.get(), max: 5 });
    uploadProfileImage.mockImplementation(async (_file: File, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return { image: photo(9, 3), main_image_id: 1 };
    });
    const files = ['a', 'b', 'c'].map((name) => new File(['x'], `${name}.png`, { type: 'image/png' }));
    await store.uploadPhotos(files);
    expect(uploadProfileImage).toHaveBeenCalledTimes(2);
    expect(uploadProfileImage.mock.calls.map(([file]) => (file as File).name)).toEqual(['a.png', 'b.png']);
    // Finished rows leave the list (the photos are in the grid); the refused one stays with its reason.
    expect(store.$uploads.get().map((u) => [u.name, u.status, u.error])).toEqual([
      ['c.png', 'error', 'photos.limit_reached'],
    ]);
  });
});
