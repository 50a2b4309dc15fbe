import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { DataExportView } from '~/shared/contracts/data-export';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * "Download my data" on /profile (docs/product.md §10 Data export): the member's latest export,
 * polled every few seconds while it is being built, and the one-time download link.
 */
export interface DataExportState {
  /** Whether the latest export is known yet. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  export: DataExportView | null;
  busy: 'request' | 'download' | null;
  /** i18n key of the last failure, null when none. */
  error: string | null;
}

/** How often the status is asked for while an export is being built (ms). */
export const EXPORT_POLL_MS = 3_000;

const initial = (): DataExportState => ({ status: 'idle', export: null, busy: null, error: null });

export const $dataExport = atom<DataExportState>(initial());

const patch = (change: Partial<DataExportState>) => $dataExport.set({ ...$dataExport.get(), ...change });

let pollTimer: ReturnType<typeof setTimeout> | null = null;

/** Polls while the export is `building`; stops otherwise. */
function followBuild(): void {
  stopDataExportPolling();
  if ($dataExport.get().export?.status !== 'building') return;
  pollTimer = setTimeout(() => {
    pollTimer = null;
    void refresh();
  }, EXPORT_POLL_MS);
}

async function refresh(): Promise<void> {
  try {
    const { export: latest } = await callApi(routes.dataExportStatus, { quiet: true });
    patch({ status: 'ready', export: latest });
  } catch (error) {
    // A failed poll keeps what is shown and tries again at the next tick.
    if ($dataExport.get().status !== 'ready') patch({ status: 'error', error: failureMessageKey(error) });
  }
  followBuild();
}

/**
 * Loads the member's latest export (and follows a build in progress). `linkUsed`: the page was
 * opened from a used or expired download link, which the section says.
 */
export async function loadDataExport(options: { linkUsed?: boolean } = {}): Promise<void> {
  patch({ status: 'loading', error: options.linkUsed ? 'data_export.link_used' : null });
  await refresh();
}

/** "Download my data": starts a build (or shows the one in progress) and follows it. */
export async function requestDataExport(): Promise<boolean> {
  patch({ busy: 'request', error: null });
  try {
    const { export: started } = await callApi(routes.requestDataExport, { query: { action: 'request' } });
    patch({ busy: null, status: 'ready', export: started });
    followBuild();
    return true;
  } catch (error) {
    patch({ busy: null, error: failureMessageKey(error) });
    return false;
  }
}

/**
 * A one-time download link for the ready export (the island opens it: the browser saves the
 * ZIP). When the export is no longer there the status is loaded again.
 * @returns the link, or null on failure.
 */
export async function downloadDataExport(): Promise<string | null> {
  patch({ busy: 'download', error: null });
  try {
    const { url } = await callApi(routes.dataExportLink, { query: { action: 'link' } });
    const current = $dataExport.get().export;
    patch({ busy: null, export: current && { ...current, downloaded: true } });
    return url;
  } catch (error) {
    patch({ busy: null, error: failureMessageKey(error) });
    await refresh();
    return null;
  }
}

/** Stops following a build (the section left the page, tests). */
export function stopDataExportPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

/** Back to the initial state (tests). */
export function resetDataExport(): void {
  stopDataExportPolling();
  $dataExport.set(initial());
}
