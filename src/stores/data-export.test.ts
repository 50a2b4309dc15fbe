import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const store = await import('./data-export');

const building = {
  status: 'building' as const,
  requestedAt: '2026-11-21T12:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloaded: false,
};
const ready = {
  ...building,
  status: 'ready' as const,
  readyAt: '2026-11-21T12:01:00.000Z',
  expiresAt: '2026-11-22T12:01:00.000Z',
  sizeBytes: 12_345,
};
const statusCalls = () => callApi.mock.calls.filter(([contract]) => contract === 'dataExportStatus').length;

describe('data export store (docs/product.md §10 Data export)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    callApi.mockReset();
    store.resetDataExport();
  });
  afterEach(() => {
    store.resetDataExport();
    vi.useRealTimers();
  });

  it('loads the latest export; nothing to follow when there is none', async () => {
    callApi.mockResolvedValue({ export: null });
    await store.loadDataExport();
    expect(store.$dataExport.get()).toMatchObject({ status: 'ready', export: null, error: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusCalls()).toBe(1);
  });

  it('says so when the page was opened from a used download link', async () => {
    callApi.mockResolvedValue({ export: ready });
    await store.loadDataExport({ linkUsed: true });
    expect(store.$dataExport.get()).toMatchObject({ export: ready, error: 'data_export.link_used' });
  });

  it('requests an export and polls until it is ready', async () => {
    callApi.mockImplementation(async (contract) => {
      if (contract === 'requestDataExport') return { export: building };
      return { export: statusCalls() >= 2 ? ready : building };
    });
    expect(await store.requestDataExport()).toBe(true);
    expect(store.$dataExport.get().export?.status).toBe('building');
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS);
    expect(statusCalls()).toBe(1);
    expect(store.$dataExport.get().export?.status).toBe('building');
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS);
    expect(statusCalls()).toBe(2);
    expect(store.$dataExport.get().export).toEqual(ready);
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS * 3);
    expect(statusCalls()).toBe(2);
  });

  it('shows the daily limit', async () => {
    callApi.mockRejectedValue(new ApiError(429, 'rate_limited', 'data_export.daily_limit'));
    expect(await store.requestDataExport()).toBe(false);
    expect(store.$dataExport.get()).toMatchObject({ busy: null, error: 'data_export.daily_limit' });
  });

  it('gets a one-time download link for the ready export', async () => {
    callApi.mockResolvedValueOnce({ export: ready }).mockResolvedValueOnce({
      url: '/account/export/download?token=abc',
      expiresAt: ready.expiresAt,
    });
    await store.loadDataExport();
    expect(await store.downloadDataExport()).toBe('/account/export/download?token=abc');
    expect(callApi.mock.calls[1]).toEqual(['dataExportLink', { query: { action: 'link' } }]);
    expect(store.$dataExport.get()).toMatchObject({ busy: null, export: { downloaded: true } });
  });

  it('reloads the status when the export is gone', async () => {
    callApi
      .mockResolvedValueOnce({ export: ready })
      .mockRejectedValueOnce(new ApiError(404, 'not_found', 'errors.not_found'))
      .mockResolvedValueOnce({ export: { ...ready, status: 'expired' } });
    await store.loadDataExport();
    expect(await store.downloadDataExport()).toBeNull();
    expect(store.$dataExport.get()).toMatchObject({ error: 'errors.not_found', export: { status: 'expired' } });
  });
});
